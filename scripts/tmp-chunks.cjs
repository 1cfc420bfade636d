// usage: node scripts/tmp-chunks.cjs host
const path = require('path');
const app = process.argv[2] || 'host';
const appDir = path.join(__dirname, '..', app);
process.env.BUILD_SOURCE_MAPS = 'false';
const webpack = require(require.resolve('webpack', { paths: [appDir] }));
const cfg = require(path.join(appDir, 'webpack.config.cjs'));
const config = typeof cfg === 'function' ? cfg({}, { mode: 'production' }) : cfg;
webpack(config, (err, stats) => {
  if (err) throw err;
  const j = stats.toJson({ all: false, chunks: true, chunkModules: true, modules: false, assets: true, chunkRelations: true, chunkModulesSpace: Infinity, nestedModules: true, nestedModulesSpace: Infinity, dependentModules: true, orphanModules: false, runtimeModules: true, groupModulesByType: false, groupModulesByPath: false, groupModulesByExtension: false, groupModulesByCacheStatus: false, groupModulesByAttributes: false, groupModulesByLayer: false });
  const out = [];
  for (const c of j.chunks) {
    const byPkg = {};
    const walk = (mods) => { for (const m of mods || []) { if (m.modules) { walk(m.modules); continue; } const n = m.name || m.identifier || m.moduleIdentifier || JSON.stringify(Object.keys(m)); const mm = /node_modules\/\.pnpm\/[^/]+\/node_modules\/((@[^/]+\/)?[^/]+)/.exec(n) || /node_modules\/((@[^/]+\/)?[^/]+)/.exec(n); const k = (process.env.RAW && !mm) ? n.slice(0,140) : mm ? mm[1] : n.startsWith('../shared') || n.includes('/shared/src') ? 'shared:' + n.replace(/.*shared\/src\//, '').split('/').slice(0, 2).join('/') : n.split('/').slice(0, 3).join('/'); byPkg[k] = (byPkg[k] || 0) + (m.size || 0); } };
    walk(c.modules);
    out.push({ files: c.files, initial: c.initial, names: c.names, size: c.size, byPkg });
  }
  require('fs').writeFileSync('/tmp/chunks-' + app + '.json', JSON.stringify(out, null, 1));
  console.log('done');
});

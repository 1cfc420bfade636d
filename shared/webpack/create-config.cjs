// One webpack configuration factory for the host and every remote, so that the list of federated
// singletons is declared exactly once (docs/architecture.md, code habit 1) and every app builds the same way.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { DefinePlugin, NormalModuleReplacementPlugin } = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { HIGHCHARTS_AS_DRAWN, HIGHCHARTS_MODULES, HIGHCHARTS_UNUSED_A11Y_COMPONENT, HIGHCHARTS_UNUSED_A11Y_COMPONENTS, highchartsEsModule } = require('./highcharts-modules.cjs');
const { withPageScripts } = require('./page-scripts.cjs');

const sharedPackage = require('../package.json');

/**
 * Everything with module-level state must exist once per page: one React, one router, one jotai store,
 * one intl context, one react-query (its context: host and remotes read one QueryClient, one cache)
 * and one `@linepulse/shared` (services, session, UI kit), plus Fluent UI's page-wide parts
 * (FLUENT_SINGLETONS). luxon and yup hold no state we use, but the host's first page already loads them
 * and the remotes use them too: lent once, not downloaded twice. MSAL is not shared: only the host signs
 * in (a lint rule keeps it out of remotes), so it is bundled there, once, and tree-shaken. Highcharts is
 * not shared either: only the platform's chart draws with it (a lint rule), so there is one Highcharts
 * wherever the one platform is, and its modules register on it.
 */
const SINGLETONS = [
  'react',
  'react-dom',
  'react/jsx-runtime',
  'react-router-dom',
  'jotai',
  'react-intl',
  'luxon',
  'yup',
  '@tanstack/react-query',
  '@linepulse/shared',
];

/**
 * Singletons provided as a chosen list of exports rather than the whole package (a federated module is
 * provided whole, so it cannot be tree-shaken): React Router 7 whole is ~190 KB, the list ~40 KB; Fluent's
 * theme package without the four themes no app uses and with `tokens` made from their names, 2.7 KiB less.
 */
const LENT_EXPORTS = {
  'react-router-dom': path.join(__dirname, 'lent-react-router.mjs'),
  '@fluentui/react-theme': path.join(__dirname, 'lent-fluent-theme.mjs'),
};

/**
 * Fluent UI is not shared as the `@fluentui/react-components` barrel: provided whole, it would ship
 * every component to every page. Each app bundles the components it imports (tree-shaken); shared are
 * only the packages that hold page-wide state, so a remote's components see the host's theme and
 * style renderer, and the foundation every component is built on, so no page loads it twice:
 * - react-shared-contexts: theme, theme class name (portals), provider, overrides, tooltip visibility;
 * - @griffel/react and @griffel/core: one style renderer (one set of ordered style buckets) and the
 *   class lookup table `mergeClasses` needs to merge classes made by another bundle's `makeStyles`;
 * - react-tabster: one focus manager (tabster, keyborg) per window;
 * - react-portal, react-provider: portals and the provider read and write the contexts above;
 * - react-utilities, react-jsx-runtime, react-theme (lent as a list), react-positioning, react-motion:
 *   the foundation (slots, ids, tokens and themes, popup positioning, motion) under nearly every component.
 * The apps do not declare these: their versions are those `@fluentui/react-components` installs.
 * docs/decisions/0014-bytes-on-the-wire.md has the measurements behind this list.
 */
const FLUENT_SINGLETONS = [
  '@fluentui/react-shared-contexts',
  '@griffel/react',
  '@griffel/core',
  '@fluentui/react-tabster',
  '@fluentui/react-portal',
  '@fluentui/react-provider',
  '@fluentui/react-utilities',
  '@fluentui/react-jsx-runtime',
  '@fluentui/react-theme',
  '@fluentui/react-positioning',
  '@fluentui/react-motion',
];

/** The directory of a package as installed for `from` (a package directory), through pnpm's links. */
function packageDir(name, from) {
  return path.dirname(require.resolve(`${name}/package.json`, { paths: [from] }));
}

/**
 * The product's icon as a data address, for the page's `<link rel="icon">`: inline, so no page load asks
 * for an icon file (the CSP allows data: images). One file, `@linepulse/contracts/product-icon.svg`, is
 * also what the api's sign-in pages show.
 */
function productIconDataUri() {
  const svg = fs.readFileSync(require.resolve('@linepulse/contracts/product-icon.svg', { paths: [__dirname] }), 'utf8');
  return `data:image/svg+xml,${encodeURIComponent(svg.trim())}`;
}

/** The version installed for a package the app may not declare itself (a dependency of one it does). */
function installedVersion(appDir, name) {
  const via = name.startsWith('@fluentui/') || name.startsWith('@griffel/') ? packageDir('@fluentui/react-components', appDir) : appDir;
  return require(path.join(packageDir(name, via), 'package.json')).version;
}

/**
 * The platform (`@linepulse/shared`) range an app is built against: its dependency range without the
 * `workspace:` protocol (e.g. `workspace:^1.0.0` → `^1.0.0`), checked against the exports the app imports
 * by shared/src/platform-api.test.ts (scripts/platform-api.cjs). LINEPULSE_PLATFORM_RANGE overrides it, to
 * build a remote as if against another platform (the end-to-end test of the host's refusal does).
 */
function platformRange(appPackage) {
  if (process.env.LINEPULSE_PLATFORM_RANGE) return process.env.LINEPULSE_PLATFORM_RANGE;
  const declared = (appPackage.dependencies || {})['@linepulse/shared'];
  if (!declared) return `^${sharedPackage.version}`;
  const range = declared.replace(/^workspace:/, '');
  // One range or alternatives (`^1.4.0 || ^2.0.0`: a remote that works on two platform majors).
  if (!/^[~^]?\d+\.\d+\.\d+(\s*\|\|\s*[~^]?\d+\.\d+\.\d+)*$/.test(range)) {
    throw new Error(`${appPackage.name} must depend on @linepulse/shared with a semver range (workspace:^x.y.z, alternatives joined by ||), not ${declared}`);
  }
  return range;
}

/** The version each app declares for a shared package (workspace:* is not a semver range). */
function requiredVersion(appPackage, name) {
  if (name === '@linepulse/shared') return platformRange(appPackage);
  const packageName = name === 'react/jsx-runtime' ? 'react' : name;
  const declared =
    (appPackage.dependencies || {})[packageName] || (sharedPackage.peerDependencies || {})[packageName];
  if (!declared) throw new Error(`${appPackage.name} must declare ${packageName} to share it`);
  return declared;
}

function sharedDependencies(appPackage, appDir) {
  const entries = SINGLETONS.map((name) => {
    const config = { singleton: true, requiredVersion: requiredVersion(appPackage, name) };
    if (name === '@linepulse/shared') return [name, { ...config, version: sharedPackage.version }];
    // A local module provides the package: its version is the package's, not that of the module's folder.
    if (LENT_EXPORTS[name]) return [name, { ...config, import: LENT_EXPORTS[name], version: installedVersion(appDir, name) }];
    return [name, config];
  });
  const fluent = FLUENT_SINGLETONS.map((name) => {
    const version = installedVersion(appDir, name);
    return [name, { singleton: true, version, requiredVersion: `^${version}`, ...(LENT_EXPORTS[name] ? { import: LENT_EXPORTS[name] } : {}) }];
  });
  return Object.fromEntries([...entries, ...fluent]);
}

/** The names a lent module exports: its `export { … } from '…'` statements. */
function lentNames(file) {
  const lists = [...fs.readFileSync(file, 'utf8').matchAll(/export\s*{([^}]*)}\s*from/g)];
  if (lists.length === 0) throw new Error(`${file} must export its names in export { … } from '…' statements`);
  return new Set(lists.flatMap((match) => match[1].split(',').map((name) => name.trim()).filter(Boolean)));
}

/**
 * Fails the build when app code imports from a lent package a name its list leaves out: webpack cannot
 * see a federated module's exports, so the import would otherwise fail only in the browser, as undefined.
 * A name a module only re-exports (Fluent's barrel re-exports every theme) counts when it is used: once
 * webpack has flagged which exports are used, so in production builds, where it does.
 */
class LentExportsCheck {
  apply(compiler) {
    const lists = Object.entries(LENT_EXPORTS).map(([request, file]) => [request, lentNames(file)]);
    const { UsageState } = require('webpack/lib/ExportsInfo');
    compiler.hooks.compilation.tap('LentExportsCheck', (compilation) => {
      const check = (modules, { reExports }) => {
        for (const module of modules) {
          for (const dependency of module.dependencies || []) {
            for (const [request, names] of lists) {
              const name = dependency.request === request && Array.isArray(dependency.ids) ? dependency.ids[0] : undefined;
              if (!name || names.has(name)) continue;
              const reExported = dependency.type === 'harmony export imported specifier';
              if (reExported !== reExports) continue;
              if (reExported && compilation.moduleGraph.getExportsInfo(module).getUsed(dependency.name, undefined) === UsageState.Unused) continue;
              const error = new compiler.webpack.WebpackError(
                `${request} lends no '${name}' (imported by ${module.readableIdentifier(compilation.requestShortener)}): add it to shared/webpack/${path.basename(LENT_EXPORTS[request])}`,
              );
              error.module = module;
              compilation.errors.push(error);
            }
          }
        }
      };
      compilation.hooks.finishModules.tap('LentExportsCheck', (modules) => check(modules, { reExports: false }));
      if (compilation.options.optimization.usedExports) {
        compilation.hooks.afterOptimizeDependencies.tap('LentExportsCheck', (modules) => check(modules, { reExports: true }));
      }
    });
  }
}

/**
 * The chunks an app needs to start, beyond its entry's own: those behind the start's async boundary
 * (`start.import`, the host's `./bootstrap`) and, through each of their shared modules, the chunks that provide
 * it. Lazy imports inside those chunks (a chart, a popup) are not followed, and neither are the scripts
 * of another language's messages. A chunk whose every module the entry already holds counts as loaded
 * from the start (the runtime never asks for it), so it is left out.
 * @param {{ entry: string, import: string }} start
 */
function startupChunks(compilation, start) {
  const { chunkGraph } = compilation;
  const entry = compilation.entrypoints.get(start.entry);
  const entryChunks = new Set(entry.chunks);
  const entryModules = new Set(entry.chunks.flatMap((chunk) => [...chunkGraph.getChunkModulesIterable(chunk)]));
  const loadedWithEntry = (chunk) => entryChunks.has(chunk) || [...chunkGraph.getChunkModulesIterable(chunk)].every((module) => entryModules.has(module));
  // A shared module is taken from the share scope, where the app registered its own copy: the chunks
  // behind that registration are the ones loaded, not the consumer's fallback (same code, other files).
  const provided = new Map();
  for (const module of compilation.modules) {
    if (module.type === 'provide-module') provided.set(module._name, module);
  }
  const chunks = new Set();
  const visited = new Set();
  const visitBlocks = (module) => module.blocks.forEach((block) => visit(chunkGraph.getBlockChunkGroup(block)));
  const visit = (group) => {
    if (!group || visited.has(group)) return;
    visited.add(group);
    for (const chunk of group.chunks) {
      if (!loadedWithEntry(chunk)) chunks.add(chunk);
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.type !== 'consume-shared-module') continue;
        const provider = provided.get(module.options.shareKey);
        visitBlocks(provider ?? module);
      }
    }
  };
  const opens = (dependency) => dependency.request === start.import;
  const boundaries = [];
  for (const chunk of entry.chunks) {
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      for (const block of module.blocks) {
        if (block.dependencies.some(opens)) boundaries.push(block);
      }
    }
  }
  if (boundaries.length === 0) throw new Error(`${start.entry} has no import('${start.import}')`);
  boundaries.forEach((block) => visit(chunkGraph.getBlockChunkGroup(block)));
  return [...chunks];
}

/**
 * The start-up chunks merged into a few scripts (decision 64). Split as webpack does by default (a chunk
 * per shared module's provider, vendor chunks of at least 20 KB), the host's page started with 23
 * scripts; over HTTP/1.1 each costs a request and a response's headers, no more than six go at once, and
 * each is compressed alone.
 *
 * A chunk cannot be merged with just any other: when a chunk loads, the federation runtime first
 * resolves every shared module it consumes, which loads that module's provider chunk, so a chunk holding
 * a consumer and its provider would wait for itself. The chunks are therefore ranked by what they
 * consume — rank 0 consumes nothing another merged chunk provides, rank n consumes from lower ranks
 * only — and each rank becomes one script. The federation build keeps the libraries' code in provider
 * chunks that consume nothing (their imports of each other go through small consume-only chunks), so
 * the host's page starts with three scripts: the libraries, the platform and the host's own code.
 *
 * Only the host's start is merged: a remote's pages always run inside the host, which lends the
 * libraries (the page without a host, the sister product's, imports the standalone embed: decision 69).
 */
class StartupChunksMerged {
  /** @param {{ entry: string, import: string }[]} starts */
  constructor(starts) {
    this.starts = starts;
  }

  apply(compiler) {
    const { STAGE_ADVANCED } = require('webpack/lib/OptimizationStages');
    compiler.hooks.thisCompilation.tap('StartupChunksMerged', (compilation) => {
      // After webpack's SplitChunksPlugin (same stage, registered earlier).
      compilation.hooks.optimizeChunks.tap({ name: 'StartupChunksMerged', stage: STAGE_ADVANCED + 1 }, () => {
        const { chunkGraph } = compilation;
        const providerChunks = new Map();
        for (const module of compilation.modules) {
          if (module.type !== 'provide-module') continue;
          const groups = module.blocks.map((block) => chunkGraph.getBlockChunkGroup(block)).filter(Boolean);
          providerChunks.set(module._name, new Set(groups.flatMap((group) => group.chunks)));
        }
        const chunks = new Set(this.starts.flatMap((start) => startupChunks(compilation, start)));
        const rank = new Map();
        const rankOf = (chunk, path = new Set()) => {
          if (rank.has(chunk)) return rank.get(chunk);
          if (path.has(chunk)) throw new Error('StartupChunksMerged: start-up chunks consume from each other');
          path.add(chunk);
          let value = 0;
          for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
            if (module.type !== 'consume-shared-module') continue;
            for (const provider of providerChunks.get(module.options.shareKey) ?? []) {
              if (provider !== chunk && chunks.has(provider)) value = Math.max(value, rankOf(provider, path) + 1);
            }
          }
          path.delete(chunk);
          rank.set(chunk, value);
          return value;
        };
        const byRank = new Map();
        for (const chunk of chunks) {
          const value = rankOf(chunk);
          byRank.set(value, [...(byRank.get(value) ?? []), chunk]);
        }
        for (const [into, ...rest] of byRank.values()) {
          for (const chunk of rest) {
            if (!chunkGraph.canChunksBeIntegrated(into, chunk)) continue;
            chunkGraph.integrateChunks(into, chunk);
            compilation.chunks.delete(chunk);
          }
        }
      });
    });
  }
}

/**
 * `<link rel="preload" as="script">` in the page's head for every start-up script (`startupChunks`).
 * Without them the browser learns of these scripts only once the entry has arrived and run, a round trip
 * or two in which the connection carries nothing (on a slow network ~350 ms before the first of ~340 KiB:
 * decision 61).
 */
class StartupScriptPreloads {
  constructor(startupImport) {
    this.startupImport = startupImport;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('StartupScriptPreloads', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('StartupScriptPreloads', (data) => {
        const publicPath = compilation.getPath(compilation.outputOptions.publicPath || '');
        const files = startupChunks(compilation, { entry: 'main', import: this.startupImport }).flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')));
        const links = [...new Set(files)].map((file) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', href: `${publicPath}${file}`, fetchpriority: 'low' }),
        );
        // After the entry's own script tag, so that it is asked for first.
        data.headTags.push(...links);
        return data;
      });
    });
  }
}

/**
 * Module Federation's runtime, trimmed: only browsers load these apps, and only the host loads remotes
 * (from their mf-manifest.json, which needs the snapshot plugin); a remote's own runtime needs neither.
 */
function federationOptimization(loadsRemotes) {
  return loadsRemotes ? { target: 'web' } : { target: 'web', disableSnapshot: true, disableRemote: true };
}

/**
 * Pre-compressed copies next to every compressible asset, sent as they are by the api's static plugin
 * (no compression work per request). Made once per build, so both at their best ratio; source maps are
 * left out (only developer tools fetch them) and so is any copy that would not save a fifth.
 */
function compressionPlugins() {
  const test = /\.(js|json|html|svg|css)$/;
  return [
    new CompressionPlugin({
      test,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
      minRatio: 0.8,
    }),
    new CompressionPlugin({
      test,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: zlib.constants.Z_BEST_COMPRESSION },
      minRatio: 0.8,
    }),
  ];
}

/**
 * What every build of an app shares, federated or standalone: how modules resolve (Highcharts as drawn,
 * React Router's production build, icons one by one) and load (TypeScript transpiled only).
 */
function moduleParts(appDir) {
  return {
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      alias: {
        // React Router 7 resolves to its development build under every condition webpack uses.
        'react-router$': path.join(packageDir('react-router', packageDir('react-router-dom', appDir)), 'dist', 'production', 'index.mjs'),
        // The Highcharts the product draws with, without the series kinds no chart uses, and its modules
        // as ES modules registering on that very object (decision 65). Only the platform's chart imports
        // Highcharts at run time (a lint rule), so it is bundled with the platform, not shared apart.
        highcharts$: HIGHCHARTS_AS_DRAWN,
        ...Object.fromEntries(HIGHCHARTS_MODULES.map((name) => [`highcharts/modules/${name}$`, highchartsEsModule(name)])),
        // What lent-fluent-theme.mjs lends from: the design tokens package under Fluent's theme package.
        '@fluentui/tokens$': packageDir('@fluentui/tokens', packageDir('@fluentui/react-theme', packageDir('@fluentui/react-components', appDir))),
      },
    },
    module: {
      rules: [
        {
          // `import { XRegular } from '@fluentui/react-icons'` read as the icon's own module, in our code
          // and in Fluent's components alike: the barrel otherwise makes webpack parse every icon (14 MB
          // per app) only to drop all but a few dozen (decision 43). Fluent's own loader for this.
          test: /\.[mc]?[jt]sx?$/,
          enforce: 'pre',
          use: [require.resolve('@fluentui/react-icons-atomic-webpack-loader')],
        },
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'ts-loader',
            // Type-checking is `pnpm typecheck`'s job; the build only transpiles.
            options: { transpileOnly: true, configFile: path.join(appDir, 'tsconfig.json') },
          },
        },
        { test: /\.(png|svg|jpg|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      // The accessibility module's components for parts no chart here has (decision 70).
      new NormalModuleReplacementPlugin(HIGHCHARTS_UNUSED_A11Y_COMPONENTS, HIGHCHARTS_UNUSED_A11Y_COMPONENT),
    ],
  };
}

/** SWC minifies through webpack's own minimizer hook (see `optimization` below). */
function minimizer() {
  return new MinimizerPlugin({ parallel: false, minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 2 }, mangle: true } });
}

/** Where a build writes: the app's dist/, or the folder of `--env outputPath=<folder>` (pnpm deploy:remote). */
function outputRoot(appDir, argv) {
  return argv.env?.outputPath ? path.resolve(argv.env.outputPath) : path.join(appDir, 'dist');
}

/**
 * How a build of an app runs in its mode (`argv.mode`), federated or standalone alike. `cacheName` tells
 * apart the development caches of several builds of one app.
 */
function modeParts(appDir, argv, cacheName) {
  const production = argv.mode !== 'development';
  // Source maps are for a deployment's error reports (and SERVE_SOURCE_MAPS); the demo start and the
  // test command build without them (BUILD_SOURCE_MAPS=false), which saves a few seconds per app.
  const sourceMaps = process.env.BUILD_SOURCE_MAPS !== 'false';
  const configFiles = [path.join(__dirname, 'create-config.cjs'), path.join(appDir, 'webpack.config.cjs')];
  return {
    production,
    mode: production ? 'production' : 'development',
    devtool: production ? (sourceMaps ? 'source-map' : false) : 'eval-cheap-module-source-map',
    // Rebuilds while developing (webpack serve) start from a cache on disk; a production build is made
    // once from clean sources, where writing that cache would cost more than it saves (decision 43).
    cache: production ? false : { type: 'filesystem', ...(cacheName ? { name: cacheName } : {}), buildDependencies: { config: configFiles } },
  };
}

/**
 * @param {object} options
 * @param {string} options.appDir         the app's folder (__dirname of its webpack config)
 * @param {string} options.federationName the Module Federation container name
 * @param {Record<string,string>} [options.exposes] what a remote exposes
 * @param {boolean} [options.html]        emit an index.html (the host, and remotes for standalone dev)
 * @param {number} options.port           dev server port
 * @param {string} [options.publicPath]   'auto' for remotes (deployed under any path), '/' for the host
 * @param {boolean} [options.loadsRemotes] the app loads remotes at runtime (the host)
 * @param {string} [options.startupImport] the entry's async boundary (e.g. './bootstrap'): its scripts are preloaded by the page
 * @param {string[]} [options.standaloneFolders] folders of dist/ written by the app's standalone builds, kept when this one cleans
 */
function createWebpackConfig(options, argv = {}) {
  const { appDir, federationName, exposes, html = false, port, publicPath = 'auto', loadsRemotes = false, startupImport, standaloneFolders = [] } = options;
  const appPackage = require(path.join(appDir, 'package.json'));
  const parts = moduleParts(appDir);
  const { production, mode, devtool, cache } = modeParts(appDir, argv);
  const apiOrigin = process.env.LINEPULSE_API_ORIGIN || 'https://localhost:8443';

  return {
    context: appDir,
    mode,
    entry: { main: './src/index.ts' },
    devtool,
    output: {
      path: outputRoot(appDir, argv),
      publicPath,
      // Entry files keep stable names (the federation runtime breaks with a content hash there);
      // chunks are content-hashed and cached forever, entries are served with no-cache.
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      // A standalone build of the same app writes into its own folder of dist/ (createStandaloneConfig).
      clean: standaloneFolders.length > 0 ? { keep: new RegExp(`^(${standaloneFolders.join('|')})/`) } : true,
      uniqueName: federationName,
    },
    resolve: parts.resolve,
    module: parts.module,
    plugins: [
      // A remote's routes module declares the platform range it was built against; the host reads it
      // before mounting the remote (shared/src/contracts/remote-module.ts). The platform's version is
      // known to the host's entry module, which checks a remote's manifest before preloading its scripts.
      platformDefines(appPackage),
      ...parts.plugins,
      new ModuleFederationPlugin({
        name: federationName,
        filename: 'remoteEntry.js',
        exposes: exposes || {},
        remotes: {},
        shared: sharedDependencies(appPackage, appDir),
        // A shared module (e.g. Highcharts, first needed by a chart) is taken from what is loaded or
        // from its own provider, never by first loading every registered remote to compare versions:
        // a remote that is down must not break another remote's charts (and costs no extra requests).
        shareStrategy: 'loaded-first',
        // Each page's scripts (route id → files) and each language's, for the host to preload (decision 66).
        manifest: { additionalData: withPageScripts },
        dts: false,
        experiments: { optimization: federationOptimization(loadsRemotes) },
      }),
      new LentExportsCheck(),
      ...(html
        ? [
            new HtmlWebpackPlugin({
              template: path.join(appDir, 'public', 'index.html'),
              templateParameters: { version: appPackage.version, productIcon: productIconDataUri() },
            }),
            ...(startupImport && production ? [new StartupScriptPreloads(startupImport)] : []),
            ...(startupImport && production ? [new StartupChunksMerged([{ entry: 'main', import: startupImport }])] : []),
          ]
        : []),
      ...(production ? compressionPlugins() : []),
    ],
    optimization: {
      // One record of used exports for all of a build's runtimes (the page's `main` and the federation
      // container's). Tracked per runtime, as by default, a module both reach was written with each of
      // its imports under a test of the runtime (`if (792 == r.j)`), and fewer modules were concatenated:
      // the host's libraries' script held 215 module functions and 406 such tests, 252 KiB on the wire;
      // with this, 83 and none, 243 KiB (decision 65).
      usedExports: 'global',
      // SWC minifies through webpack's own minimizer hook: as small as terser's output (the overview's
      // JavaScript is 0.6 % smaller on the wire) in a fraction of the time. SWC runs on its own native
      // threads, so no worker processes (they only cost serialising every chunk to them).
      minimizer: [minimizer()],
    },
    cache,
    performance: { hints: false },
    stats: 'errors-warnings',
    devServer: {
      port,
      server: 'https',
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      // In development the api still provides sign-in, data and /config.json.
      proxy: [
        {
          context: ['/api', '/dashboard-api', '/oidc', '/config.json', '/remotes'],
          target: apiOrigin,
          secure: false,
          changeOrigin: false,
        },
      ],
    },
  };
}

/** The platform's version and the range an app was built against, as constants in its code. */
function platformDefines(appPackage) {
  return new DefinePlugin({
    __LINEPULSE_PLATFORM_RANGE__: JSON.stringify(platformRange(appPackage)),
    __LINEPULSE_PLATFORM_VERSION__: JSON.stringify(sharedPackage.version),
  });
}

/**
 * One module of an app built to run alone on another product's page (the overview's embed, decision 69):
 * an ES module, `dist/<name>/<name>.js`, with every library it uses bundled and tree-shaken, and no
 * federation runtime. Through the federation the same module took each shared library whole (a lent
 * module cannot be tree-shaken: every export is kept for consumers the build does not know), plus the
 * runtime, on a page where no host lends anything. Its chunks are content-hashed like the federated
 * build's; `<name>.js` keeps its name (served with no-cache, docs/hosting-a-remote.md).
 * @param {object} options
 * @param {string} options.appDir the app's folder (__dirname of its webpack config)
 * @param {string} options.name   the module's name: its folder of dist/ and its file
 * @param {string} options.entry  its source, e.g. './src/embed.tsx'
 */
function createStandaloneConfig(options, argv = {}) {
  const { appDir, name, entry } = options;
  const appPackage = require(path.join(appDir, 'package.json'));
  const { production, mode, devtool, cache } = modeParts(appDir, argv, `${name}-development`);
  const parts = moduleParts(appDir);
  return {
    name,
    context: appDir,
    mode,
    entry: { [name]: entry },
    devtool,
    experiments: { outputModule: true },
    output: {
      path: path.join(outputRoot(appDir, argv), name),
      // Chunks are found next to the module, wherever the page imported it from (import.meta.url).
      publicPath: 'auto',
      module: true,
      library: { type: 'module' },
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
      uniqueName: `${path.basename(appDir)}-${name}`,
    },
    resolve: {
      ...parts.resolve,
      // Fluent's theme package as the host lends it (its `tokens` made from names, not written out):
      // bundled, the written-out table cannot be tree-shaken either (an object read by property).
      alias: { ...parts.resolve.alias, '@fluentui/react-theme$': LENT_EXPORTS['@fluentui/react-theme'] },
    },
    module: {
      ...parts.module,
      // Fluent's barrel re-exports every theme, which the lent list leaves out: unused, they are no
      // error; a used one still fails the build (LentExportsCheck), and our own imports are type-checked.
      parser: { javascript: { reexportExportsPresence: false } },
    },
    plugins: [platformDefines(appPackage), ...parts.plugins, new LentExportsCheck(), ...(production ? compressionPlugins() : [])],
    optimization: { minimizer: [minimizer()] },
    cache,
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = { createWebpackConfig, createStandaloneConfig, SINGLETONS, FLUENT_SINGLETONS, LENT_EXPORTS, sharedDependencies, platformRange };

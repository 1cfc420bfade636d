// The host builds through the one shared webpack factory, so its federated singletons are the remotes'.
// It exposes only a tiny description of itself: that gives it a container (remoteEntry.js and
// mf-manifest.json) so deployment checks and dev tools can read which host version is live; no remote
// imports the host (the lint rules forbid it).
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createWebpackConfig } = require('@linepulse/shared/webpack');

module.exports = (_env, argv) => {
  const config = createWebpackConfig(
    {
      appDir: __dirname,
      federationName: 'linepulse_host',
      exposes: { './shell-info': './src/shell-info.ts' },
      html: true,
      port: 3000,
      publicPath: '/',
      loadsRemotes: true,
      startupImport: './bootstrap',
    },
    argv,
  );
  // The page needs only the app's entry; the container entry (remoteEntry.js) is for others to load.
  for (const plugin of config.plugins) {
    if (plugin instanceof HtmlWebpackPlugin) plugin.options.chunks = ['main'];
  }
  return config;
};

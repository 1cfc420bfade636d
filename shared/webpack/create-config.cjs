// One webpack configuration factory for the host and every remote, so that the list of federated
// singletons is declared exactly once (docs/architecture.md, code habit 1) and every app builds the same way.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { DefinePlugin } = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const sharedPackage = require('../package.json');

/**
 * Everything with module-level state must exist once per page: one React, one router, one jotai store,
 * one intl context, one Fluent theme provider, one Highcharts (modules register on it), one MSAL
 * instance, one react-query (its context: host and remotes read one QueryClient, one cache) and one
 * `@linepulse/shared` (auth, API client, notifier).
 */
const SINGLETONS = [
  'react',
  'react-dom',
  'react/jsx-runtime',
  'react-router-dom',
  'jotai',
  'react-intl',
  '@fluentui/react-components',
  'highcharts',
  'highcharts-react-official',
  '@azure/msal-browser',
  '@azure/msal-react',
  '@tanstack/react-query',
  '@linepulse/shared',
];

/**
 * The platform (`@linepulse/shared`) range an app is built against: its dependency range without the
 * `workspace:` protocol (e.g. `workspace:^1.0.0` → `^1.0.0`). LINEPULSE_PLATFORM_RANGE overrides it, to
 * build a remote as if against another platform (the end-to-end test of the host's refusal does).
 */
function platformRange(appPackage) {
  if (process.env.LINEPULSE_PLATFORM_RANGE) return process.env.LINEPULSE_PLATFORM_RANGE;
  const declared = (appPackage.dependencies || {})['@linepulse/shared'];
  if (!declared) return `^${sharedPackage.version}`;
  const range = declared.replace(/^workspace:/, '');
  if (!/^[~^]?\d+\.\d+\.\d+$/.test(range)) {
    throw new Error(`${appPackage.name} must depend on @linepulse/shared with a semver range (workspace:^x.y.z), not ${declared}`);
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

function sharedDependencies(appPackage) {
  return Object.fromEntries(
    SINGLETONS.map((name) => [
      name,
      {
        singleton: true,
        requiredVersion: requiredVersion(appPackage, name),
        ...(name === '@linepulse/shared' ? { version: sharedPackage.version } : {}),
      },
    ]),
  );
}

/**
 * @param {object} options
 * @param {string} options.appDir         the app's folder (__dirname of its webpack config)
 * @param {string} options.federationName the Module Federation container name
 * @param {Record<string,string>} [options.exposes] what a remote exposes
 * @param {boolean} [options.html]        emit an index.html (the host, and remotes for standalone dev)
 * @param {number} options.port           dev server port
 * @param {string} [options.publicPath]   'auto' for remotes (deployed under any path), '/' for the host
 */
function createWebpackConfig(options, argv = {}) {
  const { appDir, federationName, exposes, html = false, port, publicPath = 'auto' } = options;
  const appPackage = require(path.join(appDir, 'package.json'));
  const production = argv.mode !== 'development';
  const apiOrigin = process.env.LINEPULSE_API_ORIGIN || 'https://localhost:8443';

  return {
    context: appDir,
    mode: production ? 'production' : 'development',
    entry: { main: './src/index.ts' },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(appDir, 'dist'),
      publicPath,
      // Entry files keep stable names (the federation runtime breaks with a content hash there);
      // chunks are content-hashed and cached forever, entries are served with no-cache.
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
      uniqueName: federationName,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'] },
    module: {
      rules: [
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
      // A remote's routes module declares the platform range it was built against; the host reads it
      // before mounting the remote (shared/src/contracts/remote-module.ts).
      new DefinePlugin({ __LINEPULSE_PLATFORM_RANGE__: JSON.stringify(platformRange(appPackage)) }),
      new ModuleFederationPlugin({
        name: federationName,
        filename: 'remoteEntry.js',
        exposes: exposes || {},
        remotes: {},
        shared: sharedDependencies(appPackage),
        // A shared module (e.g. Highcharts, first needed by a chart) is taken from what is loaded or
        // from its own provider, never by first loading every registered remote to compare versions:
        // a remote that is down must not break another remote's charts (and costs no extra requests).
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
      }),
      ...(html
        ? [
            new HtmlWebpackPlugin({
              template: path.join(appDir, 'public', 'index.html'),
              favicon: path.join(__dirname, 'favicon.svg'),
              templateParameters: { version: appPackage.version },
            }),
          ]
        : []),
    ],
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

module.exports = { createWebpackConfig, SINGLETONS, sharedDependencies, platformRange };

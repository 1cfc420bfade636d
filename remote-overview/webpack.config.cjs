const { createStandaloneConfig, createWebpackConfig } = require('@linepulse/shared/webpack');

module.exports = (_env, argv) => [
  createWebpackConfig(
    {
      appDir: __dirname,
      federationName: 'linepulse_overview',
      exposes: { './routes': './src/routes.tsx' },
      port: 3001,
      standaloneFolders: ['embed'],
    },
    argv,
  ),
  // The company overview for another product's page, without the host: dist/embed/embed.js (decision 69).
  createStandaloneConfig({ appDir: __dirname, name: 'embed', entry: './src/embed.tsx' }, argv),
];

const { createWebpackConfig } = require('@linepulse/shared/webpack');

module.exports = (_env, argv) =>
  createWebpackConfig(
    {
      appDir: __dirname,
      federationName: 'linepulse_overview',
      exposes: { './routes': './src/routes.tsx', './embed': './src/embed.tsx' },
      port: 3001,
    },
    argv,
  );

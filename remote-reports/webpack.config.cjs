const { createWebpackConfig } = require('@linepulse/shared/webpack');

module.exports = (_env, argv) =>
  createWebpackConfig(
    {
      appDir: __dirname,
      federationName: 'linepulse_reports',
      exposes: { './routes': './src/routes.tsx' },
      port: 3003,
    },
    argv,
  );

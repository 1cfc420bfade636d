const { createWebpackConfig } = require('@linepulse/shared/webpack');

module.exports = (_env, argv) =>
  createWebpackConfig(
    {
      appDir: __dirname,
      federationName: 'linepulse_admin',
      exposes: { './routes': './src/routes.tsx' },
      port: 3004,
    },
    argv,
  );

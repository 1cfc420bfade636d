import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { ensureDemoHistory, startLiveSimulation, type LiveSimulation } from './simulator/demo.ts';
import { loadTls } from './tls.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const tls = await loadTls(config);
  const app = await buildApp({ config, https: { key: tls.key, cert: tls.cert } });
  if (tls.selfSigned) {
    app.log.warn(
      { certFile: tls.certFile },
      'Serving a self-signed certificate: accept it in the browser; give Node NODE_EXTRA_CA_CERTS to trust it.',
    );
  }

  let live: LiveSimulation | null = null;
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'server closing with error');
    else app.log.info({ signal }, 'server closing');
    await live?.stop();
    await app.close();
  });

  if (config.simulateDemo) {
    // Demo history: generated once (first start, logged with its timing), then kept live.
    await app.ready();
    const log = app.log.child({ component: 'simulator' });
    await ensureDemoHistory(app.db, { days: config.simulateDemoDays, log });
    live = startLiveSimulation(app.db, { log });
  }

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Linepulse ready at ${config.publicUrl} (config: ${config.publicUrl}/config.json)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

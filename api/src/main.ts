import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { boundHeapGrowth } from './memory.ts';
import { ensureDemoHistory, startLiveSimulation, type LiveSimulation } from './simulator/demo.ts';
import { StartupProgress, type StartupStep } from './startup/startup-gate.ts';
import { loadTls } from './tls.ts';

async function main(): Promise<void> {
  boundHeapGrowth();
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
  // A first start listens at once: while scripts/start.mjs builds the apps (it says so through IPC)
  // and the demo history is made, browsers get a progress page (startup-gate.ts).
  const building = process.env.LINEPULSE_STARTUP_BUILD === '1' && typeof process.send === 'function';
  const steps: StartupStep[] = [...(building ? (['build'] as const) : []), ...(config.simulateDemo ? (['generate', 'store', 'derive'] as const) : [])];
  const startup = new StartupProgress(steps);
  const app = await buildApp({ config, https: { key: tls.key, cert: tls.cert }, ...(steps.length > 0 ? { startup } : {}) });
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

  await app.listen({ port: config.port, host: config.host });
  if (startup.preparing) {
    app.log.info(`Linepulse is getting ready at ${config.publicUrl}: the page shows the progress`);
    const progress = progressPrinter(startup);
    // Demo history: generated once (first start, logged with its timing), then kept live. It is made
    // while the apps build: the builds leave a core idle at times, and the two end sooner together.
    const history = config.simulateDemo
      ? ensureDemoHistory(app.db, { days: config.simulateDemoDays, log: app.log.child({ component: 'simulator' }), onProgress: (step, done, total) => startup.report(step, done, total) })
      : Promise.resolve();
    history.catch(() => undefined); // awaited below, after the build
    if (building) {
      await buildReported(startup);
      startup.buildDone();
    }
    await history;
    startup.finish();
    progress.stop();
  }
  if (config.simulateDemo) live = startLiveSimulation(app.db, { log: app.log.child({ component: 'simulator' }) });
  app.log.info(`Linepulse ready at ${config.publicUrl} (config: ${config.publicUrl}/config.json)`);
}

/**
 * The build's progress from scripts/start.mjs: `{ build: { done, total } }` as apps finish, then
 * `{ build: 'done' }`, or `{ build: 'failed', reason }` (the page then says so; the server stays up).
 */
function buildReported(startup: StartupProgress): Promise<void> {
  startup.report('build', 0, 0);
  return new Promise((resolve) => {
    const onMessage = (message: unknown): void => {
      const build = (message as { build?: unknown } | null)?.build;
      if (build === 'done') {
        process.off('message', onMessage);
        resolve();
      } else if (build === 'failed') {
        startup.fail(String((message as { reason?: unknown }).reason ?? 'the build failed'));
      } else if (build && typeof build === 'object') {
        const { done, total } = build as { done?: unknown; total?: unknown };
        startup.report('build', Number(done) || 0, Number(total) || 0);
      }
    };
    process.on('message', onMessage);
  });
}

/** One progress line in the terminal, rewritten in place on a terminal, every few seconds otherwise. */
function progressPrinter(startup: StartupProgress): { stop: () => void } {
  const tty = process.stdout.isTTY === true;
  let last = '';
  const print = (): void => {
    const line = startup.line();
    if (line === last) return;
    last = line;
    if (tty) process.stdout.write(`\r${line.padEnd(80)}`);
    else process.stdout.write(`${line}\n`);
  };
  const timer = setInterval(print, tty ? 500 : 5000);
  timer.unref();
  print();
  return {
    stop: () => {
      clearInterval(timer);
      if (tty) process.stdout.write(`\r${'Linepulse is ready'.padEnd(80)}\n`);
    },
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * The api for `pnpm load`, in a process of its own (so that the load generator's work never delays the
 * server's event loop): plain HTTP on 127.0.0.1:PORT, configured from the environment like src/main.ts.
 * Once listening it prints one JSON line, `{"ready": true, "tokens": {email: token}}`, with an access
 * token for each e-mail of LOAD_EMAILS (comma-separated), signed by the embedded provider.
 */
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { boundHeapGrowth } from '../src/memory.ts';
import { tokenFor } from '../test/helper.ts';

// As src/main.ts does: the same process as the product's.
boundHeapGrowth();
const config = loadConfig();
const app = await buildApp({ config, https: null, logger: { level: config.logLevel } });
await app.listen({ port: config.port, host: config.host });
const tokens: Record<string, string> = {};
for (const email of (process.env.LOAD_EMAILS ?? '').split(',').filter(Boolean)) tokens[email] = await tokenFor(app, email, { expiresIn: 3600 });
console.log(JSON.stringify({ ready: true, tokens }));
// What delays the event loop (and so every answer, /api/health's included): printed on stderr at the end.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const pauses: { kind: string; ms: number }[] = [];
const GC_KINDS: Record<number, string> = { [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major', [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor', [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental', [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks' };
const gcObserver = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) pauses.push({ kind: GC_KINDS[(e as unknown as { detail: { kind: number } }).detail.kind] ?? 'other', ms: e.duration });
});
gcObserver.observe({ entryTypes: ['gc'] });
// What the resident memory is made of when it peaks (V8's heap, or memory outside it: buffers, native).
let peakMemory = process.memoryUsage();
const memorySampler = setInterval(() => {
  const now = process.memoryUsage();
  if (now.rss > peakMemory.rss) peakMemory = now;
}, 500);
memorySampler.unref();
const stop = async (): Promise<void> => {
  const ms = (ns: number) => Math.round(ns / 1e5) / 10;
  const gc = (kind: string) => pauses.filter((p) => p.kind === kind);
  const gcLine = ['major', 'minor', 'incremental'].map((k) => `${k} ${gc(k).length} (total ${Math.round(gc(k).reduce((a, p) => a + p.ms, 0))} ms, longest ${Math.round(Math.max(0, ...gc(k).map((p) => p.ms)))} ms)`).join(', ');
  console.error(`api event loop delay: p50 ${ms(loopDelay.percentile(50))} ms, p99 ${ms(loopDelay.percentile(99))} ms, max ${ms(loopDelay.max)} ms; garbage collection: ${gcLine}; pauses over 50 ms: ${pauses.filter((p) => p.ms > 50).length}`);
  const mib = (bytes: number) => Math.round(bytes / 1048576);
  console.error(`api memory at its peak: RSS ${mib(peakMemory.rss)} MiB = V8 heap ${mib(peakMemory.heapTotal)} MiB (${mib(peakMemory.heapUsed)} used) + outside it ${mib(peakMemory.rss - peakMemory.heapTotal)} MiB (buffers ${mib(peakMemory.arrayBuffers)}, external ${mib(peakMemory.external)})`);
  // With a read replica (DATABASE_READ_URL): where the routed reads went.
  if (app.readRouting) console.error(`api routed reads: ${JSON.stringify(app.readRouting.served)}; requests that wrote first, by their first write: ${JSON.stringify(Object.fromEntries(app.readRouting.writers))}`);
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

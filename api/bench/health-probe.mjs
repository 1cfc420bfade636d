// The load test's /api/health probe, in a thread of its own: a load balancer's probe is not delayed by
// the hundred simulated users whose answers the load script's own thread is reading. Probes `url` every
// `everyMs` until `until` (epoch ms) and posts back [{ ms, status, at (epoch ms when sent) }].
import { parentPort, workerData } from 'node:worker_threads';

const { url, everyMs, until } = workerData;
const samples = [];
while (Date.now() < until) {
  const at = Date.now();
  const t = performance.now();
  let status = 0;
  try {
    const res = await fetch(url);
    await res.text();
    status = res.status;
  } catch {
    status = 0;
  }
  samples.push({ ms: performance.now() - t, status, at });
  const wait = everyMs - (performance.now() - t);
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}
parentPort.postMessage(samples);

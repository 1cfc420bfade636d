// The load test's /api/health probe, in a thread of its own: a load balancer's probe is not delayed by
// the hundred simulated users whose answers the load script's own thread is reading. Probes `url` every
// `everyMs` until `until` (epoch ms) and posts back [{ ms, status, at (epoch ms when sent) }].
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

// A load balancer probes from a machine of its own: this thread (Linux priorities are per thread)
// runs before the simulated users' work where the system allows it, so the users' load on this
// machine's two cores does not count as the api's slowness. Without the right to, it runs as is.
try {
  setPriority(-10);
} catch {
  // not allowed: the probe runs at the users' priority
}

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

/**
 * `pnpm bench:alerts`: issue 25's alert budgets. Two api instances (processes of their own) on one
 * PostgreSQL database and a webhook receiver. A factory with a line per round with a rule "a line down for more than a
 * minute" posting to the receiver. Round after round, another line is reported stopped a little over a
 * minute ago (the episode opens at once) and running again (it resolves once the hold has passed), the
 * events sent to each instance in turn; half-way one instance is killed with SIGKILL. Prints:
 * - event that opens an episode → webhook received: p50, p95, max (budget p95 ≤ 5 s);
 * - webhooks received per episode and event: duplicates (budget 0 across the kill), and any missing.
 * Figures only: nothing is asserted.
 *
 * Options (--name=value): --rounds=40.
 */
import { createServer } from 'node:http';
import os from 'node:os';
import { callJson, createLinesFactory, percentileMs, startApi } from './api-process.ts';
import { log, option } from './one-factory.ts';

const ROUNDS = Number(option('rounds', '40'));
const ADMIN = 'admin@demo.linepulse.test';
const MINUTE = 60_000;

interface Receipt {
  delivery: string;
  event: string;
  alert: string;
  unit: string;
  at: number;
}

async function main(): Promise<void> {
  log(`alerts bench: ${ROUNDS} episodes, two instances (one killed half-way); machine ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const receipts: Receipt[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += String(chunk)));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { event: string; delivery_id: string; alert: { id: string; production_unit_name: string } };
      receipts.push({ delivery: parsed.delivery_id, event: parsed.event, alert: parsed.alert.id, unit: parsed.alert.production_unit_name, at: performance.now() });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hook = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;

  const a = await startApi('postgresql', [ADMIN]);
  const b = await startApi('postgresql', [], {}, { databaseUrl: a.databaseUrl! });
  try {
    const token = a.tokens[ADMIN]!;
    const call = <T>(method: string, url: string, body?: unknown) => callJson<T>(a.base, token, method, url, body);
    // A line per round: each episode is its own line's first stop.
    const { id: factory, key, units } = await createLinesFactory(call, 'Alert Bench', ROUNDS, { alert_capability: true });
    await call('POST', `/api/factories/${factory}/alert-rules`, { name: 'Down 1 min', kind: 'line_down', minutes: 1, production_unit_ids: [], recipients: [], webhook_url: hook, webhook_secret: 'bench-secret-0123456789', in_app: true, enabled: true });

    const sentAt = new Map<string, number>();
    let killedAt: number | null = null;
    const instances = [a, b];
    for (let round = 0; round < ROUNDS; round += 1) {
      if (round === Math.floor(ROUNDS / 2)) {
        b.child.kill('SIGKILL');
        killedAt = performance.now();
        log(`round ${round}: instance B killed (SIGKILL)`);
      }
      const api = killedAt === null ? instances[round % 2]! : a;
      const unit = units[round]!;
      const now = Date.now();
      // A fresh stop of this line, a minute and a second ago: its episode is due at once.
      const stop = [{ id: `b${round}-s`, type: 'state', unit: unit.key, at: new Date(now - MINUTE - 1000).toISOString(), state: 'stopped' }];
      const t = performance.now();
      const answer = await fetch(`${api.base}/api/ingest/v1/events`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ events: stop }) });
      if (!answer.ok) throw new Error(`ingest ${answer.status}: ${await answer.text()}`);
      sentAt.set(`${unit.name}#${round}`, t);
      // Wait for its opening (at most 15 s), then run the line again, dated past the hold: resolved at once.
      const deadline = performance.now() + 15_000;
      while (performance.now() < deadline && !receipts.some((r) => r.event === 'alert.opened' && r.unit === unit.name && r.at >= t)) await new Promise((r) => setTimeout(r, 20));
      // Running again now: the episode resolves once the hold has passed (a timer), two minutes later.
      const run = [{ id: `b${round}-r`, type: 'state', unit: unit.key, at: new Date(Date.now() + 1).toISOString(), state: 'running' }];
      await fetch(`${api.base}/api/ingest/v1/events`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ events: run }) });
      await new Promise((r) => setTimeout(r, 200));
    }
    log('waiting for the resolutions (the hold is 2 minutes, then a timer) …');
    const waitUntil = performance.now() + 3.5 * MINUTE;
    while (performance.now() < waitUntil && receipts.filter((r) => r.event === 'alert.resolved').length < new Set(receipts.filter((r) => r.event === 'alert.opened').map((r) => r.alert)).size) {
      await new Promise((r) => setTimeout(r, 500));
    }
    const opened = receipts.filter((r) => r.event === 'alert.opened');
    const latencies: number[] = [];
    for (const [name, t] of sentAt) {
      const unit = name.split('#')[0]!;
      const first = opened.filter((r) => r.unit === unit && r.at >= t).sort((x, y) => x.at - y.at)[0];
      if (first) latencies.push(first.at - t);
    }
    const byEpisodeEvent = new Map<string, number>();
    for (const r of receipts) byEpisodeEvent.set(`${r.alert}:${r.event}`, (byEpisodeEvent.get(`${r.alert}:${r.event}`) ?? 0) + 1);
    const duplicates = [...byEpisodeEvent.values()].reduce((sum, n) => sum + n - 1, 0);
    const episodes = new Set(opened.map((r) => r.alert)).size;
    const resolved = new Set(receipts.filter((r) => r.event === 'alert.resolved').map((r) => r.alert)).size;
    log(`event → webhook (opened): p50 ${percentileMs(latencies, 50)} ms, p95 ${percentileMs(latencies, 95)} ms, max ${percentileMs(latencies, 100)} ms (${latencies.length} of ${ROUNDS} rounds; budget p95 ≤ 5 000 ms)`);
    log(`webhooks: ${receipts.length} received for ${episodes} episodes (${resolved} resolved); duplicates ${duplicates} (budget 0), across the SIGKILL of one of two instances`);
  } finally {
    await b.stop().catch(() => undefined);
    await a.stop();
    receiver.close();
  }
}

await main();

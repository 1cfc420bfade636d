/**
 * `pnpm bench:long-query`: issue 21's budget "during any 60 s query, /api/health p99 ≤ 50 ms and another
 * account's company overview p99 ≤ 500 ms", on both databases, with the demo data (a fresh api in a
 * process of its own, bench/server.ts).
 *
 * For 60 s a supervisor of the demo account keeps the database busy with its heaviest calls, back to back
 * and two at a time (two tabs): the year's event export of a whole factory and year-long downtime lists
 * of all its lines. On PostgreSQL a 60 s statement also runs on the api's database beside them (a
 * reporting tool's query over the facts, one core busy throughout; PGlite has no other client). Meanwhile
 * /api/health every 100 ms and the other account's overview every second (bench/api-process.ts
 * `bystander`). Prints the figures; asserts nothing.
 *
 * Options (--name=value): --db=both|postgresql|pglite --seconds=60.
 */
import { DateTime } from 'luxon';
import pg from 'pg';
import { bystander, percentileMs, startApi } from './api-process.ts';
import { option } from './one-factory.ts';

const WHICH = option('db', 'both');
const SECONDS = Number(option('seconds', '60'));
const SUPERVISOR = 'operation@demo.linepulse.test';
const BYSTANDER = 'admin@other.linepulse.test';

async function run(kind: 'postgresql' | 'pglite'): Promise<void> {
  const api = await startApi(kind, [SUPERVISOR, BYSTANDER]);
  try {
    const headers = { authorization: `Bearer ${api.tokens[SUPERVISOR]}`, 'content-type': 'application/json' };
    const factories = (await (await fetch(`${api.base}/api/user/factories`, { headers })).json()) as { id: string; name: string; production_units: { id: string }[] }[];
    // The factory with the most lines: the heaviest export and lists.
    const factory = [...factories].sort((a, b) => b.production_units.length - a.production_units.length)[0]!;
    const units = factory.production_units.map((u) => u.id);
    const today = DateTime.utc().startOf('day');
    const year = { start_date: today.minus({ days: 366 }).toISODate()!, end_date: today.minus({ days: 1 }).toISODate()! };
    const window = { start: today.minus({ days: 365 }).toISO()!, end: today.toISO()! };
    const calls = { exports: 0, lists: 0, refused: 0 };
    const heavy = [
      async () => {
        const query = new URLSearchParams({ kind: 'events', format: 'csv', production_unit_ids: units.join(','), ...year });
        const res = await fetch(`${api.base}/api/factories/${factory.id}/export?${query}`, { headers });
        await res.arrayBuffer();
        if (res.ok) calls.exports += 1;
        else calls.refused += 1;
      },
      async () => {
        const res = await fetch(`${api.base}/api/production-units/downtimes`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ ...window, production_unit_ids: units, limit: 5000, sort: { by: 'duration', direction: 'desc' } }),
        });
        await res.arrayBuffer();
        if (res.ok) calls.lists += 1;
        else calls.refused += 1;
      },
    ];
    const until = Date.now() + SECONDS * 1000;
    const others = bystander(api.base, api.tokens[BYSTANDER]!);
    const tabs = [0, 1].map(async (tab) => {
      for (let i = tab; Date.now() < until; i += 1) await heavy[i % heavy.length]!();
    });
    // PostgreSQL: a statement of 60 s on the same database, from another client.
    let statement: Promise<string> = Promise.resolve('none (PGlite has no other client)');
    if (api.databaseUrl) {
      const client = new pg.Client({ connectionString: api.databaseUrl });
      await client.connect();
      const started = Date.now();
      statement = client
        .query(`SET statement_timeout = ${SECONDS * 1000}`)
        .then(() => client.query('SELECT count(*) FROM generate_series(1, 10000000000) g, (SELECT 1) x WHERE g % 7 = 3'))
        .then(
          () => `ended after ${Math.round((Date.now() - started) / 1000)} s`,
          (error: Error) => `${error.message} after ${Math.round((Date.now() - started) / 1000)} s`,
        )
        .finally(() => client.end());
    }
    await Promise.all(tabs);
    const during = await others.stop();
    const p = (values: number[], q: number) => percentileMs(values, q);
    console.log(`${kind}: ${SECONDS} s of heavy calls by one supervisor (${calls.exports} year exports of ${factory.name}'s ${units.length} lines, ${calls.lists} year-long downtime lists, ${calls.refused} refused or cut), a database statement: ${await statement}`);
    console.log(
      `${kind}: /api/health p50 ${p(during.health, 50)} ms, p99 ${p(during.health, 99)} ms, max ${p(during.health, 100)} ms (${during.health.length} probes); ` +
        `another account's company overview p50 ${p(during.overview, 50)} ms, p99 ${p(during.overview, 99)} ms, max ${p(during.overview, 100)} ms (${during.overview.length} pages) — budgets 50 ms and 500 ms`,
    );
  } finally {
    await api.stop();
  }
}

for (const kind of ['postgresql', 'pglite'] as const) if (WHICH === 'both' || WHICH === kind) await run(kind);

/**
 * What this process has written that analytics answers read, as generation counters, so that an
 * answer kept for a few seconds (ANALYTICS_CACHE_SECONDS) is used only while nothing it read has
 * changed here (docs/decisions/0027-analytics-answers-kept.md):
 * - facts of a production unit (ingestion over HTTP or MQTT, the demo simulator): that unit's counter;
 * - configuration, calendar, custom periods and opportunity targets: the account's counter, which every
 *   answer of the account carries (rare writes; they may change what any window or figure means).
 *
 * Another instance's writes are not seen here: there an answer may lag by the cache's few seconds.
 */
const units = new Map<string, number>();
const accounts = new Map<string, number>();
/** Bound on the units remembered; past it the map restarts (every kept answer then misses once). */
const MAX_UNITS = 100_000;

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** Facts of these units were stored (after their commit). */
export function unitsWritten(accountId: string, unitIds: Iterable<string>): void {
  if (units.size > MAX_UNITS) {
    units.clear();
    bump(accounts, accountId);
  }
  for (const id of unitIds) bump(units, id);
  // Answers that name no unit (a company's or a factory's, resolved in the database) follow any write.
  bump(accounts, `${accountId}|facts`);
}

/** Something every answer of the account may depend on changed (configuration, calendar, periods, targets). */
export function accountChanged(accountId: string): void {
  bump(accounts, accountId);
}

/**
 * The part of a kept answer's key that says what it read: the account's counter and each unit's (in
 * the order given), or, for an answer naming no unit, the account's facts counter.
 */
export function generationsOf(accountId: string, unitIds: readonly string[] | null): string {
  const account = accounts.get(accountId) ?? 0;
  if (unitIds === null) return `${account}:${accounts.get(`${accountId}|facts`) ?? 0}`;
  let out = `${account}:`;
  for (const id of unitIds) out += `${units.get(id) ?? 0}.`;
  return out;
}

/**
 * For a route plugin whose writes may change what analytics answers mean (configuration, calendar,
 * custom periods): after each successful write, answers kept for the writer's account are not used
 * again. Runs once the answer is sent, so after the write's commit.
 */
export function accountChangedAfterWrites(app: { addHook(name: 'onResponse', hook: (request: { method: string; user?: { account_id: string } | null }, reply: { statusCode: number }) => Promise<void>): unknown }): void {
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400 && request.user) accountChanged(request.user.account_id);
  });
}

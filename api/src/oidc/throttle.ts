import type { Db } from '../db/db.ts';

/**
 * Limits of the embedded provider's password form (api/README.md, "Sign-in limits"). Counted in the
 * database, so every instance shares them.
 * - Per account (the e-mail typed, whether or not it exists, so the lockout tells nothing about which
 *   addresses have accounts): 5 failures within 15 minutes lock it for 15 minutes — what most sign-in
 *   pages do; a person who mistypes a few times is not stopped, a guesser gets 20 tries an hour.
 * - Per client address: 30 failures within 15 minutes lock the address for 15 minutes, whatever the
 *   accounts tried — a guesser spreading tries over many e-mails. Higher than the account's limit
 *   because a whole office may sign in from one address.
 * While locked, even the right password is refused (without checking it). A success clears the
 * account's count, not the address's (one good account must not reset a guesser's allowance).
 */
export const SIGN_IN_LIMITS = {
  account: { failures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
  address: { failures: 30, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
} as const;

export type ThrottleScope = keyof typeof SIGN_IN_LIMITS;
export interface ThrottleKeys {
  account: string;
  address: string;
}

/** Whole seconds until every lock on these keys ends; 0 when none holds. */
export async function lockedFor(db: Db, keys: ThrottleKeys): Promise<number> {
  const rows = await db.query<{ seconds: number | string | null }>(
    `SELECT ceil(extract(epoch FROM max(locked_until) - now()))::integer AS seconds FROM sign_in_throttle
     WHERE locked_until > now() AND ((scope = 'account' AND key = $1) OR (scope = 'address' AND key = $2))`,
    [keys.account, keys.address],
  );
  return Math.max(0, Number(rows[0]?.seconds ?? 0));
}

/** Counts one failure on both keys; returns the seconds of lock this failure started (0 if none). */
export async function recordFailure(db: Db, keys: ThrottleKeys): Promise<number> {
  let locked = 0;
  for (const scope of ['account', 'address'] as const) {
    const key = keys[scope];
    if (!key) continue;
    const limit = SIGN_IN_LIMITS[scope];
    // One statement: concurrent failures (other requests, other instances) are all counted.
    const rows = await db.query<{ seconds: number | string | null }>(
      `INSERT INTO sign_in_throttle AS t (scope, key, failures, window_start) VALUES ($1, $2, 1, now())
       ON CONFLICT (scope, key) DO UPDATE SET
         failures = CASE WHEN t.window_start <= now() - make_interval(secs => $3::integer) THEN 1 ELSE t.failures + 1 END,
         window_start = CASE WHEN t.window_start <= now() - make_interval(secs => $3::integer) THEN now() ELSE t.window_start END
       RETURNING failures`,
      [scope, key, limit.windowSeconds],
    );
    const failures = Number((rows[0] as { failures?: number } | undefined)?.failures ?? 0);
    if (failures >= limit.failures) {
      // Locked: the count starts again once the lock ends.
      await db.query(
        `UPDATE sign_in_throttle SET locked_until = now() + make_interval(secs => $3::integer), failures = 0, window_start = now()
         WHERE scope = $1 AND key = $2`,
        [scope, key, limit.lockSeconds],
      );
      locked = Math.max(locked, limit.lockSeconds);
    }
  }
  return locked;
}

/** A successful sign-in clears the account's count (not the address's). */
export async function recordSuccess(db: Db, keys: ThrottleKeys): Promise<void> {
  await db.query(`DELETE FROM sign_in_throttle WHERE scope = 'account' AND key = $1`, [keys.account]);
}

/** Removes counts whose window and lock have both passed. */
export async function deleteStaleThrottles(db: Db): Promise<void> {
  const longest = Math.max(...Object.values(SIGN_IN_LIMITS).map((l) => l.windowSeconds + l.lockSeconds));
  await db.query(
    `DELETE FROM sign_in_throttle WHERE window_start < now() - make_interval(secs => $1::integer) AND (locked_until IS NULL OR locked_until < now())`,
    [longest],
  );
}

/**
 * The recipient rules and test-send counts of decision 32, read from and kept in the database (migration
 * 028): what an account may address (its domain, its users, its admins' allow-list) and how many test
 * sends a user and an account asked for lately, shared by every api instance.
 */
import { REPORT_TEST_SEND_LIMITS, type RecipientPolicy } from '@linepulse/contracts';
import type { Db, Queryable } from '../db/db.ts';

/** The account's domain, its users' addresses and its allow-list. */
export async function recipientPolicy(q: Queryable, accountId: string): Promise<RecipientPolicy> {
  const [row] = await q.query<{ domain_name: string | null; users: string[] | null; allowed: string[] | null }>(
    `SELECT a.domain_name,
            ARRAY(SELECT lower(u.email) FROM users u WHERE u.account_id = $1) AS users,
            ARRAY(SELECT e.entry FROM email_report_allowed_recipients e WHERE e.account_id = $1 ORDER BY e.entry) AS allowed
       FROM accounts a WHERE a.id = $1`,
    [accountId],
  );
  return { accountDomain: row?.domain_name ?? '', userAddresses: row?.users ?? [], allowList: row?.allowed ?? [] };
}

/** The account's allow-list, sorted. */
export async function allowList(q: Queryable, accountId: string): Promise<string[]> {
  const rows = await q.query<{ entry: string }>('SELECT entry FROM email_report_allowed_recipients WHERE account_id = $1 ORDER BY entry', [accountId]);
  return rows.map((r) => r.entry);
}

/** Replaces the account's allow-list with these (normalised, distinct) entries. */
export async function replaceAllowList(tx: Queryable, accountId: string, entries: readonly string[]): Promise<void> {
  await tx.query('DELETE FROM email_report_allowed_recipients WHERE account_id = $1', [accountId]);
  if (entries.length > 0) {
    await tx.query('INSERT INTO email_report_allowed_recipients (account_id, entry) SELECT $1, unnest($2::text[])', [accountId, [...entries]]);
  }
}

export type TestSendClaim =
  | { allowed: true }
  | { allowed: false; scope: 'user' | 'account'; max: number; windowSeconds: number; retryAfterSeconds: number };

/**
 * Counts a test send for the user if neither the user's nor the account's allowance within its sliding
 * window is used up; otherwise says which one and when a place frees up. Under the account's row lock,
 * so two instances cannot both take the last place; the database's clock decides for all of them.
 */
export async function claimTestSend(db: Db, accountId: string, userId: string): Promise<TestSendClaim> {
  const { user, account } = REPORT_TEST_SEND_LIMITS;
  const window = Math.max(user.windowSeconds, account.windowSeconds);
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
    const rows = await tx.query<{ mine: boolean; at_ms: number | string; now_ms: number | string }>(
      `SELECT user_id = $2 AS mine, extract(epoch FROM sent_at) * 1000 AS at_ms, extract(epoch FROM now()) * 1000 AS now_ms
         FROM email_report_test_sends WHERE account_id = $1 AND sent_at > now() - make_interval(secs => $3) ORDER BY sent_at DESC`,
      [accountId, userId, window],
    );
    const [clock] = rows.length > 0 ? rows : await tx.query<{ now_ms: number | string }>('SELECT extract(epoch FROM now()) * 1000 AS now_ms');
    const now = Number(clock!.now_ms);
    const check = (scope: 'user' | 'account', limit: { max: number; windowSeconds: number }, sends: number[]): TestSendClaim | null => {
      const inWindow = sends.filter((at) => at > now - limit.windowSeconds * 1000);
      if (inWindow.length < limit.max) return null;
      // Newest first: a place frees up when the max-th newest leaves the window.
      const freedAt = inWindow[limit.max - 1]! + limit.windowSeconds * 1000;
      return { allowed: false, scope, max: limit.max, windowSeconds: limit.windowSeconds, retryAfterSeconds: Math.max(1, Math.ceil((freedAt - now) / 1000)) };
    };
    const refused =
      check('user', user, rows.filter((r) => r.mine).map((r) => Number(r.at_ms))) ?? check('account', account, rows.map((r) => Number(r.at_ms)));
    if (refused) return refused;
    await tx.query('INSERT INTO email_report_test_sends (account_id, user_id) VALUES ($1, $2)', [accountId, userId]);
    // Sends older than a day count for nothing any more.
    await tx.query(`DELETE FROM email_report_test_sends WHERE account_id = $1 AND sent_at < now() - interval '1 day'`, [accountId]);
    return { allowed: true };
  });
}

/** Text of a log line with every e-mail address masked (the info log keeps no address). */
export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>(),;:"'[\]\\@]+@[^\s<>(),;:"'[\]\\@]+/g, '[address]');
}

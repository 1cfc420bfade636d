import type { Role, UserClaims } from '@linepulse/contracts';
import { queryOne, type Queryable } from './db.ts';

export interface UserRecord extends UserClaims {
  password_hash: string | null;
}

const USER_COLUMNS = `
  u.id AS user_id, u.account_id, u.email, u.display_name, u.role, u.is_admin, u.is_financial_admin,
  u.is_tilelytics, u.is_wx_user, a.insights_enabled, u.password_hash`;

interface UserRow extends Omit<UserRecord, 'role'> {
  role: string;
}

function toRecord(row: UserRow): UserRecord {
  return { ...row, role: row.role as Role };
}

/** The user with its account's insights flag: everything the tokens carry. */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRecord | null> {
  const row = await queryOne<UserRow>(
    db,
    `SELECT ${USER_COLUMNS} FROM users u JOIN accounts a ON a.id = u.account_id WHERE lower(u.email) = lower($1)`,
    [email],
  );
  return row && toRecord(row);
}

export async function findUserById(db: Queryable, id: string): Promise<UserRecord | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const row = await queryOne<UserRow>(
    db,
    `SELECT ${USER_COLUMNS} FROM users u JOIN accounts a ON a.id = u.account_id WHERE u.id = $1`,
    [id],
  );
  return row && toRecord(row);
}

export function claimsOf(user: UserRecord): UserClaims {
  const { password_hash: _hash, ...claims } = user;
  return claims;
}

import type { JWTPayload } from 'jose';
import type { Queryable } from '../db/db.ts';
import { claimsOf, findUserByEmail } from '../db/users.ts';
import { ROLES, type Role, type UserClaims } from '@linepulse/contracts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The product claims when the token carries all of them (the embedded provider's tokens do). */
export function claimsFromToken(payload: JWTPayload): UserClaims | null {
  const p = payload as Record<string, unknown>;
  const bool = (name: string): boolean | null => (typeof p[name] === 'boolean' ? (p[name] as boolean) : null);
  const flags = ['is_admin', 'is_financial_admin', 'is_tilelytics', 'is_wx_user', 'insights_enabled'].map(bool);
  if (flags.some((f) => f === null)) return null;
  const [is_admin, is_financial_admin, is_tilelytics, is_wx_user, insights_enabled] = flags as boolean[];
  const { user_id, account_id, role, email } = p;
  const display_name = typeof p.display_name === 'string' ? p.display_name : p.name;
  if (typeof user_id !== 'string' || !UUID.test(user_id)) return null;
  if (typeof account_id !== 'string' || !UUID.test(account_id)) return null;
  if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) return null;
  if (typeof email !== 'string' || typeof display_name !== 'string') return null;
  return {
    user_id,
    account_id,
    role: role as Role,
    email,
    display_name,
    is_admin: is_admin!,
    is_financial_admin: is_financial_admin!,
    is_tilelytics: is_tilelytics!,
    is_wx_user: is_wx_user!,
    insights_enabled: insights_enabled!,
  };
}

/**
 * request.user from a verified token. Tokens of an external provider that do not carry the product
 * claims are matched to a Linepulse user by e-mail (email, preferred_username or upn); null when unknown.
 */
export async function resolveUser(db: Queryable, payload: JWTPayload): Promise<UserClaims | null> {
  const fromToken = claimsFromToken(payload);
  if (fromToken) return fromToken;
  const p = payload as Record<string, unknown>;
  const email = [p.email, p.preferred_username, p.upn].find((v): v is string => typeof v === 'string' && v.includes('@'));
  if (!email) return null;
  const user = await findUserByEmail(db, email);
  return user ? claimsOf(user) : null;
}

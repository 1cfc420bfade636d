import type { JWTPayload } from 'jose';
import type { Queryable } from '../db/db.ts';
import { claimsOf, findUserByEmail } from '../db/users.ts';
import { textProblem, userFromClaims, type UserClaims } from '@linepulse/contracts';

/**
 * request.user from a verified token. Tokens of an external provider that do not carry the product
 * claims are matched to a Linepulse user by e-mail (email, preferred_username or upn); null when unknown.
 */
export async function resolveUser(db: Queryable, payload: JWTPayload): Promise<UserClaims | null> {
  const p = payload as Record<string, unknown>;
  // The product claims when the token carries all of them (the embedded provider's tokens do).
  const fromToken = userFromClaims(p);
  if (fromToken) return fromToken;
  // An address the database cannot compare (NUL, unpaired surrogate) matches no user, rather than failing the query.
  const email = [p.email, p.preferred_username, p.upn].find((v): v is string => typeof v === 'string' && v.includes('@') && textProblem(v) === null);
  if (!email) return null;
  const user = await findUserByEmail(db, email);
  return user ? claimsOf(user) : null;
}

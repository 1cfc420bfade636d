import { ROLES, type Role } from './constants';
import type { UserClaims } from './entities';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FLAGS = ['is_admin', 'is_financial_admin', 'is_tilelytics', 'is_wx_user', 'insights_enabled'] as const;

/** A flag claim: providers send booleans, some (Entra optional claims) the strings "true"/"false". */
function flag(value: unknown): boolean | null {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return null;
}

/**
 * The product user (product §3) from token claims, or null when the claims are not a whole product
 * user: a flag missing or not a boolean, user_id or account_id not a UUID, an unknown role, or no
 * e-mail or name. The api authorises with it (an external provider's token without these claims is
 * then matched to a user by e-mail) and the apps read the signed-in user with it: one rule, so both
 * sides agree on who the user is.
 */
export function userFromClaims(claims: Record<string, unknown>): UserClaims | null {
  const flags = FLAGS.map((name) => flag(claims[name]));
  if (flags.some((value) => value === null)) return null;
  const [is_admin, is_financial_admin, is_tilelytics, is_wx_user, insights_enabled] = flags as boolean[];
  const { user_id, account_id, role, email } = claims;
  const display_name = typeof claims.display_name === 'string' && claims.display_name ? claims.display_name : claims.name;
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

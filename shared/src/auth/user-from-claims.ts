import { ROLES, type Role, type UserClaims } from '@linepulse/contracts';

function flag(value: unknown): boolean {
  return value === true || value === 'true' || value === 1 || value === '1';
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/**
 * The user of product §3 from the ID token's claims. Flags may arrive as booleans or strings depending on
 * the provider; an unknown role falls back to the least-privileged display (supervisor, "Operation").
 */
export function userFromClaims(claims: Record<string, unknown>): UserClaims {
  const role = (ROLES as readonly string[]).includes(text(claims.role)) ? (text(claims.role) as Role) : 'supervisor';
  return {
    user_id: text(claims.user_id) || text(claims.sub),
    role,
    email: text(claims.email),
    display_name: text(claims.display_name) || text(claims.name) || text(claims.email),
    is_admin: flag(claims.is_admin),
    is_financial_admin: flag(claims.is_financial_admin),
    is_tilelytics: flag(claims.is_tilelytics),
    is_wx_user: flag(claims.is_wx_user),
    insights_enabled: flag(claims.insights_enabled),
    account_id: text(claims.account_id),
  };
}

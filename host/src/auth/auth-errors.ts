/**
 * Identity-provider error codes the shell reacts to (product §4). The codes are Azure AD B2C's; other
 * OpenID Connect providers (the embedded development one included) report `unknown_user`.
 */
export const UNKNOWN_USER_ERROR_CODES = ['AADB2C99002', 'unknown_user'] as const;
/** The user just reset their password: B2C ends the flow with this code and the shell signs out. */
export const PASSWORD_RESET_COMPLETED_ERROR_CODE = 'AADB2C90091';

function errorText(error: unknown): string {
  if (typeof error !== 'object' || error === null) return typeof error === 'string' ? error : '';
  const e = error as { errorCode?: unknown; errorMessage?: unknown; subError?: unknown; message?: unknown };
  return [e.errorCode, e.errorMessage, e.subError, e.message].filter((part) => typeof part === 'string').join(' ');
}

/** An MSAL error whose code or message names an unknown user. */
export function isUnknownUserError(error: unknown): boolean {
  const text = errorText(error);
  return UNKNOWN_USER_ERROR_CODES.some((code) => text.includes(code));
}

/** An MSAL error ending a completed password reset. */
export function isPasswordResetCompletedError(error: unknown): boolean {
  return errorText(error).includes(PASSWORD_RESET_COMPLETED_ERROR_CODE);
}

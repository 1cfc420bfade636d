import type { ReactElement } from 'react';
import { Navigate } from 'react-router-dom';
import { PUBLIC_PATHS } from '@linepulse/contracts';

/**
 * /login-callback: the sign-in response is handled at start-up, before the router renders; a signed-in
 * user is then sent on by the guard, so whoever still lands here has no session and goes home.
 */
export function LoginCallbackPage(): ReactElement {
  return <Navigate to={PUBLIC_PATHS.home} replace />;
}

import type { ReactElement, ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useUser } from '@linepulse/shared';
import { type RouteDefinition } from '@linepulse/contracts';
import { guardRedirect, type PageAccess } from './guard-rules';

export interface GuardProps {
  access: PageAccess;
  route?: RouteDefinition;
  children?: ReactNode;
}

/** Renders the page, or redirects as product §2's guards say. Convenience only: the api authorises every call. */
export function Guard({ access, route, children }: GuardProps): ReactElement {
  const user = useUser();
  const target = guardRedirect(access, user, route);
  return target ? <Navigate to={target} replace /> : <>{children}</>;
}

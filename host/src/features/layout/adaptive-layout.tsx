import type { ReactElement } from 'react';
import { Outlet } from 'react-router-dom';
import { useUser } from '@linepulse/shared';
import { CenteredLayout } from './centered-layout';
import { DefaultLayout } from './default-layout';

/** Pages anyone may see (terms, not found, unauthorized): the default layout when signed in, else centered. */
export function AdaptiveLayout(): ReactElement {
  const user = useUser();
  return user ? (
    <DefaultLayout>
      <Outlet />
    </DefaultLayout>
  ) : (
    <CenteredLayout>
      <Outlet />
    </CenteredLayout>
  );
}

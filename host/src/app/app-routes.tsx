import type { ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PUBLIC_PATHS, ROUTES, type RouteId } from '@linepulse/contracts';
import { Guard } from '../features/guards/guard';
import { AdaptiveLayout } from '../features/layout/adaptive-layout';
import { CenteredLayout } from '../features/layout/centered-layout';
import { DefaultLayout } from '../features/layout/default-layout';
import { HomePage } from '../features/pages/home-page';
import { LoginCallbackPage } from '../features/pages/login-callback-page';
import { NotFoundPage } from '../features/pages/not-found-page';
import { TermsOfServicePage } from '../features/pages/terms-of-service-page';
import { UnauthorizedPage } from '../features/pages/unauthorized-page';
import { RemotePage } from '../features/remotes/remote-page';

const ROUTE_IDS = Object.keys(ROUTES) as RouteId[];

/** The routes of product §2: public pages, every ROUTES page under the default layout, and page not found. */
export function AppRoutes(): ReactElement {
  return (
    <Routes>
      <Route path={PUBLIC_PATHS.root} element={<Navigate to={PUBLIC_PATHS.home} replace />} />
      <Route element={<CenteredLayout />}>
        <Route path={PUBLIC_PATHS.home} element={<Guard access="public-only"><HomePage /></Guard>} />
        <Route path={PUBLIC_PATHS.loginCallback} element={<Guard access="public-only"><LoginCallbackPage /></Guard>} />
      </Route>
      <Route element={<Guard access="product"><DefaultLayout /></Guard>}>
        {ROUTE_IDS.map((id) => (
          <Route
            key={id}
            path={ROUTES[id].path}
            element={
              <Guard access="product" route={ROUTES[id]}>
                <RemotePage key={id} routeId={id} />
              </Guard>
            }
          />
        ))}
      </Route>
      <Route element={<AdaptiveLayout />}>
        <Route path={PUBLIC_PATHS.unauthorized} element={<Guard access="unauthorized"><UnauthorizedPage /></Guard>} />
        <Route path={PUBLIC_PATHS.termsOfService} element={<TermsOfServicePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

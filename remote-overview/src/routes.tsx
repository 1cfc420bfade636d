import { lazyPage, withRemoteMessages, type RemoteRoutesModule } from '@linepulse/shared';
import packageJson from '../package.json';
import { messageLoaders } from './message-loaders';

// Pages load on first visit, so the host pays only for this small module when it mounts the remote.
const CompanyOverviewPage = lazyPage(() => import(/* webpackChunkName: "page-companyOverview" */ './pages/company-overview-page').then((m) => ({ default: m.CompanyOverviewPage })));
const FactoryDashboardPage = lazyPage(() => import(/* webpackChunkName: "page-factoryDashboard" */ './pages/factory-dashboard-page').then((m) => ({ default: m.FactoryDashboardPage })));

export const routes: RemoteRoutesModule<'overview'> = {
  remote: 'overview',
  version: packageJson.version,
  platform: __LINEPULSE_PLATFORM_RANGE__,
  pages: {
    companyOverview: withRemoteMessages(messageLoaders, CompanyOverviewPage),
    factoryDashboard: withRemoteMessages(messageLoaders, FactoryDashboardPage),
  },
  prefetch: {
    // In the page's chunk, which the host has started loading with the address.
    companyOverview: (context) =>
      import(/* webpackChunkName: "page-companyOverview" */ './pages/company-overview-request').then((m) => m.prefetchCompanyOverview(context)),
    factoryDashboard: (context) =>
      import(/* webpackChunkName: "page-factoryDashboard" */ './pages/factory-dashboard-request').then((m) => m.prefetchFactoryDashboard(context)),
  },
};

export default routes;

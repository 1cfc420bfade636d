import { lazy } from 'react';
import { withRemoteMessages, type RemoteRoutesModule } from '@linepulse/shared';
import packageJson from '../package.json';
import { messages } from './messages';
import { titledPage } from './pages/titled-page';

const FactoriesPage = lazy(() => import('./pages/factories-page').then((m) => ({ default: m.FactoriesPage })));
const CustomPeriodsPage = lazy(() => import('./pages/custom-periods-page').then((m) => ({ default: m.CustomPeriodsPage })));

export const routes: RemoteRoutesModule<'admin'> = {
  remote: 'admin',
  version: packageJson.version,
  platform: __LINEPULSE_PLATFORM_RANGE__,
  pages: {
    factories: withRemoteMessages(messages, FactoriesPage),
    factorySettings: withRemoteMessages(messages, titledPage('admin.factory.title', 'admin.factory.description')),
    customPeriods: withRemoteMessages(messages, CustomPeriodsPage),
    customPeriodCreation: withRemoteMessages(messages, titledPage('admin.customPeriod.creationTitle', 'admin.customPeriod.description')),
    customPeriodEdition: withRemoteMessages(messages, titledPage('admin.customPeriod.editionTitle', 'admin.customPeriod.description')),
  },
};

export default routes;

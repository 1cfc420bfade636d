import { lazyPage, withRemoteMessages, type RemoteRoutesModule } from '@linepulse/shared';
import packageJson from '../package.json';
import { messages } from './messages';

const FactoriesPage = lazyPage(() => import(/* webpackChunkName: "page-factories" */ './pages/factories-page').then((m) => ({ default: m.FactoriesPage })));
const FactorySettingsPage = lazyPage(() => import(/* webpackChunkName: "page-factorySettings" */ './features/factory-settings/factory-settings-page').then((m) => ({ default: m.FactorySettingsPage })));
const CustomPeriodsPage = lazyPage(() => import(/* webpackChunkName: "page-customPeriods" */ './features/custom-periods/custom-periods-page').then((m) => ({ default: m.CustomPeriodsPage })));
const CustomPeriodFormPage = lazyPage(() => import(/* webpackChunkName: "page-customPeriodCreation-customPeriodEdition" */ './features/custom-periods/custom-period-form-page').then((m) => ({ default: m.CustomPeriodFormPage })));

export const routes: RemoteRoutesModule<'admin'> = {
  remote: 'admin',
  version: packageJson.version,
  platform: __LINEPULSE_PLATFORM_RANGE__,
  pages: {
    factories: withRemoteMessages(messages, FactoriesPage),
    factorySettings: withRemoteMessages(messages, FactorySettingsPage),
    customPeriods: withRemoteMessages(messages, CustomPeriodsPage),
    customPeriodCreation: withRemoteMessages(messages, CustomPeriodFormPage),
    customPeriodEdition: withRemoteMessages(messages, CustomPeriodFormPage),
  },
};

export default routes;

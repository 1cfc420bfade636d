import { lazyPage, withRemoteMessages, type RemoteRoutesModule } from '@linepulse/shared';
import packageJson from '../package.json';
import { messages } from './messages';

const FactoriesPage = lazyPage(() => import('./pages/factories-page').then((m) => ({ default: m.FactoriesPage })));
const FactorySettingsPage = lazyPage(() => import('./features/factory-settings/factory-settings-page').then((m) => ({ default: m.FactorySettingsPage })));
const CustomPeriodsPage = lazyPage(() => import('./features/custom-periods/custom-periods-page').then((m) => ({ default: m.CustomPeriodsPage })));
const CustomPeriodFormPage = lazyPage(() => import('./features/custom-periods/custom-period-form-page').then((m) => ({ default: m.CustomPeriodFormPage })));

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

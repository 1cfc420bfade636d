import { lazyPage, withRemoteMessages, type RemoteRoutesModule } from '@linepulse/shared';
import packageJson from '../package.json';
import { messageLoaders } from './message-loaders';

// Pages load on first visit, so the host pays only for this small module when it mounts the remote.
const MyReportsPage = lazyPage(() => import(/* webpackChunkName: "page-myReports" */ './features/list/my-reports-page').then((m) => ({ default: m.MyReportsPage })));
const ReportFormPage = lazyPage(() => import(/* webpackChunkName: "page-reportCreation-reportEdition" */ './features/form/report-form-page').then((m) => ({ default: m.ReportFormPage })));

export const routes: RemoteRoutesModule<'reports'> = {
  remote: 'reports',
  version: packageJson.version,
  platform: __LINEPULSE_PLATFORM_RANGE__,
  pages: {
    myReports: withRemoteMessages(messageLoaders, MyReportsPage),
    reportCreation: withRemoteMessages(messageLoaders, ReportFormPage),
    reportEdition: withRemoteMessages(messageLoaders, ReportFormPage),
  },
};

export default routes;

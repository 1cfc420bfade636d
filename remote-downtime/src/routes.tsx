import { lazyPage, withRemoteMessages, type RemoteRoutesModule } from '@linepulse/shared';
import packageJson from '../package.json';
import { messageLoaders } from './message-loaders';

// Pages load on first visit, so the host pays only for this small module when it mounts the remote.
const ExportPage = lazyPage(() => import(/* webpackChunkName: "page-productionDataExport" */ './features/export/export-page').then((m) => ({ default: m.ExportPage })));
const AvailabilityPage = lazyPage(() => import(/* webpackChunkName: "page-availabilityDowntime" */ './features/availability/availability-page').then((m) => ({ default: m.AvailabilityPage })));
const JustificationPage = lazyPage(() => import(/* webpackChunkName: "page-justification" */ './features/justification/justification-page').then((m) => ({ default: m.JustificationPage })));
const AlertsPage = lazyPage(() => import(/* webpackChunkName: "page-alerts" */ './features/alerts/alerts-page').then((m) => ({ default: m.AlertsPage })));

export const routes: RemoteRoutesModule<'downtime'> = {
  remote: 'downtime',
  version: packageJson.version,
  platform: __LINEPULSE_PLATFORM_RANGE__,
  pages: {
    availabilityDowntime: withRemoteMessages(messageLoaders, AvailabilityPage),
    productionDataExport: withRemoteMessages(messageLoaders, ExportPage),
    justification: withRemoteMessages(messageLoaders, JustificationPage),
    alerts: withRemoteMessages(messageLoaders, AlertsPage),
  },
};

export default routes;

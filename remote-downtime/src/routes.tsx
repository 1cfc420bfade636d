import { withRemoteMessages, factorySectionPage, type RemoteRoutesModule } from '@linepulse/shared';
import packageJson from '../package.json';
import { messages } from './messages';

export const routes: RemoteRoutesModule<'downtime'> = {
  remote: 'downtime',
  version: packageJson.version,
  platform: __LINEPULSE_PLATFORM_RANGE__,
  pages: {
    availabilityDowntime: withRemoteMessages(messages, factorySectionPage('downtime.availability.title', 'downtime.availability.description')),
    productionDataExport: withRemoteMessages(messages, factorySectionPage('downtime.export.title', 'downtime.export.description')),
  },
};

export default routes;

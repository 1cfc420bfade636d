import { withRemoteMessages, factorySectionPage, type RemoteRoutesModule } from '@linepulse/shared';
import packageJson from '../package.json';
import { messages } from './messages';

export const routes: RemoteRoutesModule<'reports'> = {
  remote: 'reports',
  version: packageJson.version,
  platform: __LINEPULSE_PLATFORM_RANGE__,
  pages: {
    myReports: withRemoteMessages(messages, factorySectionPage('reports.list.title', 'reports.list.description')),
    reportCreation: withRemoteMessages(messages, factorySectionPage('reports.creation.title', 'reports.creation.description')),
    reportEdition: withRemoteMessages(messages, factorySectionPage('reports.edition.title', 'reports.edition.description')),
  },
};

export default routes;

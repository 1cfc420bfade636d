import { withRemoteMessages, type RemoteRoutesModule } from '@linepulse/shared';
import packageJson from '../package.json';
import { messageLoaders } from './message-loaders';
import { opportunityPage } from './features/performance/opportunity-page';

export const routes: RemoteRoutesModule<'opportunities'> = {
  remote: 'opportunities',
  version: packageJson.version,
  platform: __LINEPULSE_PLATFORM_RANGE__,
  pages: {
    shiftChanges: withRemoteMessages(messageLoaders, opportunityPage('shiftChanges')),
    lineStarts: withRemoteMessages(messageLoaders, opportunityPage('lineStarts')),
    productChanges: withRemoteMessages(messageLoaders, opportunityPage('productChanges')),
    plannedDowntimesWithTarget: withRemoteMessages(messageLoaders, opportunityPage('plannedDowntimes')),
  },
};

export default routes;

import { withRemoteMessages, type RemoteRoutesModule } from '@linepulse/shared';
import packageJson from '../package.json';
import { messages } from './messages';
import { opportunityPage } from './features/performance/opportunity-page';

export const routes: RemoteRoutesModule<'opportunities'> = {
  remote: 'opportunities',
  version: packageJson.version,
  platform: __LINEPULSE_PLATFORM_RANGE__,
  pages: {
    shiftChanges: withRemoteMessages(messages, opportunityPage('shiftChanges')),
    lineStarts: withRemoteMessages(messages, opportunityPage('lineStarts')),
    productChanges: withRemoteMessages(messages, opportunityPage('productChanges')),
    plannedDowntimesWithTarget: withRemoteMessages(messages, opportunityPage('plannedDowntimes')),
  },
};

export default routes;

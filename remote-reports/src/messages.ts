import type { RemoteMessages } from '@linepulse/shared';
import { en } from './messages/en';
import { es } from './messages/es';
import { fr } from './messages/fr';

// Report statuses of product §8 (saved, unsubscribed, failed to save, …) are the platform's `report.status.*`;
// the codes below are this remote's own (api RPT_* refusals and the screens' words).

// Every language at once, for the tests that compare them; the pages load one language at a time
// (message-loaders.ts).
export const messages: RemoteMessages = { en, fr, es };

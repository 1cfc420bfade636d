import type { RemoteMessages } from '@linepulse/shared';
import { en } from './messages/en';
import { es } from './messages/es';
import { fr } from './messages/fr';

/** The overview remote's own words (it is deployed apart from the host). */
// Every language at once, for the tests that compare them; the pages load one language at a time
// (message-loaders.ts).
export const messages: RemoteMessages = { en, fr, es };

import type { Language } from '@linepulse/contracts';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import type { Messages } from './index';

/**
 * Every language at once, for tests and tools that compare them (key parity, the end-to-end page
 * checks). The apps load one language at a time (`loadMessages`): nothing the browser runs imports this.
 */
export const ALL_MESSAGES: Record<Language, Messages> = { en, fr, es };

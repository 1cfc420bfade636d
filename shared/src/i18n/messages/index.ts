import type { Language } from '@linepulse/contracts';
import { en, type MessageKey } from './en';
import { es } from './es';
import { fr } from './fr';

export type { MessageKey };

/** The shell's messages per language; remotes add their own through RemoteMessagesProvider. */
export const MESSAGES: Record<Language, Record<MessageKey, string>> = { en, fr, es };

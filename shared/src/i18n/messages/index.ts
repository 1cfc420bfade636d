import type { Language } from '@linepulse/contracts';
import { languageCache } from '../language-cache';
import type { MessageKey } from './en';

export type { MessageKey };

/** The shell's messages of one language; remotes add their own through RemoteIntlProvider. */
export type Messages = Record<MessageKey, string>;

/**
 * Each language is a chunk of its own: a page downloads the language it shows, not all three (the
 * three together were 18 KiB on the wire of every first visit; issue 23, decision 57). The host's entry
 * asks for the stored language before anything else has loaded (`@linepulse/shared/early`), so it
 * travels with the application's chunks.
 */
const LOADERS: Record<Language, () => Promise<Messages>> = {
  en: () => import(/* webpackChunkName: "messages-en" */ './en').then((module) => module.en),
  fr: () => import(/* webpackChunkName: "messages-fr" */ './fr').then((module) => module.fr),
  es: () => import(/* webpackChunkName: "messages-es" */ './es').then((module) => module.es),
};

const platform = languageCache(LOADERS);

/** A language's messages, downloaded once; a failed download is tried again on the next call. */
export function loadMessages(language: Language): Promise<Messages> {
  return platform.load(language);
}

/** A language's messages if they have arrived, else undefined (ask with loadMessages). */
export function loadedMessages(language: Language): Messages | undefined {
  return platform.peek(language);
}

/** Tests only: as on a page that has just started, no language has arrived. */
export function forgetLoadedMessages(): void {
  platform.forget();
}

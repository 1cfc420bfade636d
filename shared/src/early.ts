import { DEFAULT_LANGUAGE } from '@linepulse/contracts';
import { readStoredLanguage } from './i18n/language-storage';
import { loadMessages } from './i18n/messages';

/**
 * What a page's starter may do before the platform itself has loaded: `@linepulse/shared/early` is
 * bundled into the starter's entry (it is not the federated `@linepulse/shared`), so it imports no
 * library, only contracts' small rules and the language files' loaders. The modules are the platform's
 * own, so the messages it loads are those the platform's intl provider finds.
 */
export { loadMessages, readStoredLanguage };

/** Asks for the messages of the language this browser last showed, to travel with the app's chunks. */
export function requestStoredLanguageMessages(): void {
  loadMessages(readStoredLanguage() ?? DEFAULT_LANGUAGE).catch(() => {
    // The intl provider asks again and keeps trying; nothing to do here.
  });
}

import { createIntl } from 'react-intl';
import { ERROR_CODES, REMOTE_OWNED_ERROR_PREFIXES } from '@linepulse/contracts';
import { missingTranslations } from '@linepulse/shared';
import { messages } from './messages';

test('every message of the remote exists in English, French and Spanish', () => {
  expect(missingTranslations(messages)).toEqual([]);
});

// Codes of the report calls the shell translates (older than this remote), the warnings the form shows
// under their own ids, and the one the server answers as its own translated HTML page.
const NOT_IN_THE_REMOTE: Record<string, string> = {
  RPT_LIMIT_REACHED: 'shell',
  RPT_404: 'shell',
  RPT_UNITS_ABOVE_RECOMMENDED: 'reports.warning',
  RPT_SHIFTS_ABOVE_RECOMMENDED: 'reports.warning',
  RPT_UNSUBSCRIBE_INVALID: 'server-rendered unsubscribe page',
};

test('translates every report error code the api answers to its screens (the shell leaves them to it)', () => {
  // This remote's own codes (another remote may own codes of its own prefix).
  const owned = Object.values(ERROR_CODES).filter((code) => code.startsWith(REMOTE_OWNED_ERROR_PREFIXES.reports) && !(code in NOT_IN_THE_REMOTE));
  expect(owned.length).toBeGreaterThan(20);
  for (const language of ['en', 'fr', 'es'] as const) {
    const texts = messages[language] as Record<string, string>;
    expect({ language, missing: owned.filter((code) => !(`error.${code}` in texts)) }).toEqual({ language, missing: [] });
  }
  const warnings = messages.en as Record<string, string>;
  expect(['RPT_UNITS_ABOVE_RECOMMENDED', 'RPT_SHIFTS_ABOVE_RECOMMENDED'].filter((code) => !(`reports.warning.${code}` in warnings))).toEqual([]);
});

test('the subscription quota reads in the singular for one report, in every language', () => {
  const quota = (locale: 'en' | 'fr' | 'es', used: number): string =>
    createIntl({ locale, messages: messages[locale] as Record<string, string> }).formatMessage({ id: 'reports.list.quota' }, { used, max: 3 });
  expect([1, 2].map((used) => quota('en', used))).toEqual(['1 of 3 reports of your subscription is used.', '2 of 3 reports of your subscription are used.']);
  expect([1, 2].map((used) => quota('fr', used))).toEqual(['1 rapport sur 3 de votre abonnement est utilisé.', '2 rapports sur 3 de votre abonnement sont utilisés.']);
  expect([1, 2].map((used) => quota('es', used))).toEqual(['Se usa 1 de los 3 informes de su suscripción.', 'Se usan 2 de los 3 informes de su suscripción.']);
});

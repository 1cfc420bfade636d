import { ERROR_CODES, isRemoteOwnedErrorCode } from '@linepulse/contracts';
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
  const owned = Object.values(ERROR_CODES).filter((code) => isRemoteOwnedErrorCode(code) && !(code in NOT_IN_THE_REMOTE));
  expect(owned.length).toBeGreaterThan(20);
  for (const language of ['en', 'fr', 'es'] as const) {
    const texts = messages[language] as Record<string, string>;
    expect({ language, missing: owned.filter((code) => !(`error.${code}` in texts)) }).toEqual({ language, missing: [] });
  }
  const warnings = messages.en as Record<string, string>;
  expect(['RPT_UNITS_ABOVE_RECOMMENDED', 'RPT_SHIFTS_ABOVE_RECOMMENDED'].filter((code) => !(`reports.warning.${code}` in warnings))).toEqual([]);
});

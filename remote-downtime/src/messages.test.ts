import { ERROR_CODES } from '@linepulse/contracts';
import { loadMessages, missingTranslations } from '@linepulse/shared';
import { messages } from './messages';

test('every message of the remote exists in English, French and Spanish', () => {
  expect(missingTranslations(messages)).toEqual([]);
});

test('translates every justification error code, which only its justification page is answered (decision 50)', () => {
  const codes = Object.values(ERROR_CODES).filter((code) => code.startsWith('JUST_'));
  expect(codes.length).toBeGreaterThanOrEqual(7);
  for (const language of ['en', 'fr', 'es'] as const) {
    const texts = messages[language] as Record<string, string>;
    expect({ language, missing: codes.filter((code) => !(`error.${code}` in texts)) }).toEqual({ language, missing: [] });
  }
});

test('leaves the words of an alert to the platform (its alerts.* messages, shared with the header’s bell)', async () => {
  // What alertText and AlertAcknowledgement say: the platform's, never a second copy here.
  const platformOwned = /^downtime\.alerts\.(kind\..+|where|openSince|resolved|acknowledgedBy|notAcknowledged|acknowledge|acknowledgeOne|acknowledgedNow)$/;
  for (const language of ['en', 'fr', 'es'] as const) {
    expect({ language, copies: Object.keys(messages[language]).filter((key) => platformOwned.test(key)) }).toEqual({ language, copies: [] });
    expect(await loadMessages(language)).toHaveProperty(['alerts.acknowledgeOne']);
  }
});

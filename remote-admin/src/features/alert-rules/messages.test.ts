import { ERROR_CODES } from '@linepulse/contracts';
import { missingTranslations } from '@linepulse/shared';
import { alertRulesMessages } from './messages';

test('every alert rules message exists in English, French and Spanish', () => {
  expect(missingTranslations(alertRulesMessages)).toEqual([]);
});

test('translates the recipients’ refusal the api answers for a rule (an RPT_ code: the shell leaves it to the remotes)', () => {
  for (const language of ['en', 'fr', 'es'] as const) {
    expect(alertRulesMessages[language][`error.${ERROR_CODES.reportRecipientNotAllowed}`]).toContain('{address}');
  }
});

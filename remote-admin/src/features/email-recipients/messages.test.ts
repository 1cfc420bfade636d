import { missingTranslations } from '@linepulse/shared';
import { emailRecipientsMessages } from './messages';

test('every e-mail report recipients message exists in English, French and Spanish', () => {
  expect(missingTranslations(emailRecipientsMessages)).toEqual([]);
});

import { missingTranslations } from '@linepulse/shared';
import { messages } from './messages';

test('every message of the remote exists in English, French and Spanish', () => {
  expect(missingTranslations(messages)).toEqual([]);
});

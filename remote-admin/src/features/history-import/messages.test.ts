import { missingTranslations } from '@linepulse/shared';
import { historyImportMessages } from './messages';

test('every history import message exists in English, French and Spanish', () => {
  expect(missingTranslations(historyImportMessages)).toEqual([]);
});

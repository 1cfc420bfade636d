import { missingTranslations } from '@linepulse/shared';
import { ingestKeysMessages } from './messages';

test('every ingest keys message exists in English, French and Spanish', () => {
  expect(missingTranslations(ingestKeysMessages)).toEqual([]);
});

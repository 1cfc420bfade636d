import { missingTranslations } from '@linepulse/shared';
import { CONFIGURATION_PROBLEM_IDS } from '../../model/configuration-problems';
import { COUNT_WORDS, MEASURE_SYMBOLS } from '../../model/units-of-measure';
import { productionConfigurationMessages } from './messages';

describe('production configuration messages', () => {
  it('exist in English, French and Spanish', () => {
    expect(missingTranslations(productionConfigurationMessages)).toEqual([]);
  });

  it('cover every problem, measure and count word the steps show', () => {
    const ids = [
      ...CONFIGURATION_PROBLEM_IDS.filter((id) => id.startsWith('admin.')),
      ...Object.keys(MEASURE_SYMBOLS).map((measure) => `admin.config.measure.${measure}`),
      ...COUNT_WORDS.map((word) => `admin.config.count.${word}`),
    ];
    expect(ids.filter((id) => !(id in productionConfigurationMessages.en))).toEqual([]);
  });
});

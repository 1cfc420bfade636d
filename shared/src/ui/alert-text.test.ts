import { createIntl } from 'react-intl';
import { ALL_MESSAGES as MESSAGES } from '../i18n/messages/all';
import { testAlert, testFactory } from '../testing/fixtures';
import { alertText } from './alert-text';

const intlFor = (locale: 'en' | 'fr') => createIntl({ locale, messages: MESSAGES[locale], onError: () => undefined });
const NBSP = '\u00a0';

describe('alertText', () => {
  const factories = [testFactory()];

  it('says a stop and a silence with their minutes, at the factory’s time', () => {
    expect(alertText(intlFor('en'), testAlert(), factories)).toEqual({
      what: 'Line 1 down for more than 20 minutes',
      where: 'Line 1 · Lyon',
      when: 'Open since Nov 26, 10:42 AM',
    });
    expect(alertText(intlFor('fr'), testAlert({ kind: 'no_data', minutes: 15 }), factories).what).toBe('Aucune donnée de Line 1 depuis 15 minutes');
  });

  it('says a shift projection with its metric named in the user’s language and its percents', () => {
    const availability = testAlert({ kind: 'shift_projection', minutes: 60, metric: 'availability', projected: 72.44, objective: 85 });
    const oee = testAlert({ kind: 'shift_projection', minutes: 60, metric: 'oee', projected: 61.36, objective: 75.6 });
    expect(alertText(intlFor('en'), availability, factories).what).toBe('Line 1: availability this shift projected at 72.4%, objective 85.0%');
    expect(alertText(intlFor('en'), oee, factories).what).toBe('Line 1: OEE this shift projected at 61.4%, objective 75.6%');
    expect(alertText(intlFor('fr'), availability, factories).what).toBe(`Line 1${NBSP}: projection de disponibilité du quart à 72,4${NBSP}%, objectif 85,0${NBSP}%`);
    expect(alertText(intlFor('fr'), oee, factories).what).toBe(`Line 1${NBSP}: projection de TRG du quart à 61,4${NBSP}%, objectif 75,6${NBSP}%`);
  });
});

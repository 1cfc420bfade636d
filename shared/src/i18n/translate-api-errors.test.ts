import { createIntl } from 'react-intl';
import { ApiError } from '../api/api-error';
import { ALL_MESSAGES as MESSAGES } from './messages/all';
import { errorMessage, translateApiErrors } from './translate-api-errors';

const intlFor = (locale: 'en' | 'fr' | 'es') => createIntl({ locale, messages: MESSAGES[locale], onError: () => undefined });

describe('translateApiErrors', () => {
  it('translates each item by its code with its arguments, joined by newlines', () => {
    const text = translateApiErrors(intlFor('en'), [
      { code: 'CS_FAC_PUT_20001', arguments: { name: 'Lyon' }, message: 'duplicate' },
      { code: 'CS_FAC_TIMEZONE_INVALID', arguments: {}, message: 'zone' },
    ]);
    expect(text).toBe('A factory with the same name already exists (Lyon)\nChoose a time zone from the list');
  });

  it('drops items without a translation', () => {
    const text = translateApiErrors(intlFor('fr'), [
      { code: 'SOMETHING_UNKNOWN', arguments: {}, message: 'x' },
      { code: 'CS_FAC_PUT_20001', arguments: { name: 'Québec' }, message: 'duplicate' },
    ]);
    expect(text).toBe('Une usine du même nom existe déjà (Québec)');
  });

  it('names an interval in the user’s language, not the api’s word', () => {
    const item = { code: 'ANL_INTERVAL_TOO_LONG', arguments: { interval: 'week', max_days: 60 }, message: 'x' };
    expect(translateApiErrors(intlFor('fr'), [item])).toBe('L’intervalle semaine n’est offert que jusqu’à 60 jours');
    expect(translateApiErrors(intlFor('es'), [item])).not.toMatch(/\bweek\b/);
  });

  it('names a metric in the user’s language, as a sentence writes it', () => {
    const item = (metric: string) => ({ code: 'ALERT_OBJECTIVE_MISSING', arguments: { metric }, message: 'x' });
    expect(translateApiErrors(intlFor('en'), [item('oee')])).toMatch(/^This factory has no objective for OEE: /);
    expect(translateApiErrors(intlFor('fr'), [item('oee')])).toMatch(/^Cette usine n’a pas d’objectif de TRG\u00a0: /);
    expect(translateApiErrors(intlFor('es'), [item('availability')])).toMatch(/^Esta planta no tiene objetivo de disponibilidad: /);
  });

  it('returns an empty string when nothing translates (nothing is shown)', () => {
    expect(translateApiErrors(intlFor('es'), [{ code: 'NOPE', arguments: {}, message: 'x' }])).toBe('');
    expect(translateApiErrors(intlFor('es'), [])).toBe('');
  });
});

describe('errorMessage', () => {
  it('uses the translated backend errors first', () => {
    const error = new ApiError(409, [{ code: 'CS_FAC_PUT_20001', arguments: { name: 'Lyon' }, message: '' }]);
    expect(errorMessage(intlFor('en'), error)).toBe('A factory with the same name already exists (Lyon)');
  });

  it('falls back to the generic message with the code for an unexpected failure', () => {
    const error = new ApiError(502, [{ code: '500', arguments: {}, message: 'bad gateway' }]);
    expect(errorMessage(intlFor('en'), error)).toBe(
      'An unexpected error occurred. Contact the provider and specify the error code 500',
    );
    expect(errorMessage(intlFor('en'), new TypeError('boom'))).toContain('error code 500');
  });

  it('shows nothing for an expected answer that does not translate', () => {
    const error = new ApiError(400, [{ code: 'SOMETHING_UNKNOWN', arguments: {}, message: '' }]);
    expect(errorMessage(intlFor('en'), error)).toBe('');
  });
});

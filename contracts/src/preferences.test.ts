import { defaultPreferences, normalisePreferences, preferencesProblems } from './preferences';

describe('normalisePreferences (product §4)', () => {
  it('gives the defaults (en, dark, last7days) for nothing stored', () => {
    expect(normalisePreferences(undefined)).toEqual(defaultPreferences());
    expect(defaultPreferences()).toMatchObject({ language: 'en', theme: 'dark', tilelytics: { selected_time_option: 'last7days' } });
  });

  it('keeps valid values', () => {
    const stored = {
      language: 'es',
      theme: 'accessible',
      tilelytics: {
        selected_time_option: 'time_range',
        selected_start_date: '2024-02-29',
        selected_end_date: '2024-03-10',
        selected_tilelytics_filter_id: '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b',
      },
    };
    expect(normalisePreferences(stored)).toEqual(stored);
  });

  it('falls back field by field: unknown language/theme → default, unknown time option → last7days, bad dates → null', () => {
    const normalised = normalisePreferences({
      language: 'de',
      theme: 'solarized',
      tilelytics: { selected_time_option: 'fortnight', selected_start_date: '2023-02-30', selected_end_date: '10/03/2024', selected_tilelytics_filter_id: 'x' },
    });
    expect(normalised).toEqual(defaultPreferences());
  });
});

describe('preferencesProblems', () => {
  it('accepts a complete, valid body', () => {
    expect(preferencesProblems(defaultPreferences())).toEqual([]);
  });

  it('lists every problem at once', () => {
    const problems = preferencesProblems({ language: 'de', theme: 1, tilelytics: { selected_time_option: 'x', selected_start_date: '2024-13-01' } });
    expect(problems).toHaveLength(4);
  });

  it('refuses a body that is not an object', () => {
    expect(preferencesProblems('en')).toEqual(['body must be an object']);
  });
});

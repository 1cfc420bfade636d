import { firstInvalidField, newReportValues, splitRecipients, toReportInput, validateReportValues, reportFormWarnings, isReportTemplate } from './report-form';

const options = {
  production_units: Array.from({ length: 7 }, (_, i) => ({ id: `00000000-0000-4000-8000-00000000000${i}`, name: `Line ${i}` })),
  work_shifts: [{ id: '10000000-0000-4000-8000-000000000000', name: 'Day' }],
};

describe('report form rules (product §5, the same schema as the api)', () => {
  const fresh = () => newReportValues('overview', options, { email: 'me@demo.linepulse.test', language: 'fr', timezone: 'Europe/Paris' });

  it('starts from a template with the recommended selection and the user as recipient', () => {
    const values = fresh();
    expect(values.production_unit_ids).toHaveLength(5);
    expect(values.language).toBe('fr');
    expect(toReportInput(values).recipients).toEqual(['me@demo.linepulse.test']);
    expect(isReportTemplate('downtime_by_shift')).toBe(true);
    expect(isReportTemplate('pie')).toBe(false);
  });

  it('refuses a missing or invalid title, bad recipients, an empty selection and a day that does not fit', () => {
    expect(validateReportValues(fresh())).toEqual({ title: 'RPT_TITLE_REQUIRED' });
    const errors = validateReportValues({ ...fresh(), title: 'Rapport <b>', recipientsText: 'a@b.co, nope', production_unit_ids: [], work_shift_ids: [], frequency: 'weekly', day: '' });
    expect(errors).toEqual({
      title: 'RPT_TITLE_INVALID',
      recipientsText: 'RPT_RECIPIENT_INVALID',
      production_unit_ids: 'RPT_UNITS_REQUIRED',
      work_shift_ids: 'RPT_SHIFTS_REQUIRED',
      day: 'RPT_DAY_INVALID',
    });
    expect(validateReportValues({ ...fresh(), title: 'Ok', frequency: 'monthly', day: '29' })).toEqual({ day: 'RPT_DAY_INVALID' });
    expect(validateReportValues({ ...fresh(), title: 'Ok', time_unit: 'hour', duration: 73 })).toEqual({ duration: 'RPT_DURATION_INVALID' });
    expect(validateReportValues({ ...fresh(), title: 'Ok', recipientsText: ' ' })).toEqual({ recipientsText: 'RPT_RECIPIENTS_REQUIRED' });
    expect(validateReportValues({ ...fresh(), title: 'Ok', time: '7h', timezone: 'Nowhere/Land' })).toEqual({ time: 'RPT_TIME_INVALID', timezone: 'RPT_TIMEZONE_INVALID' });
    expect(validateReportValues({ ...fresh(), title: 'Ligne Montréal 2', frequency: 'weekly', day: '1' })).toEqual({});
  });

  it('warns, without refusing, beyond 5 lines or 5 shifts', () => {
    const values = { ...fresh(), title: 'Ok', production_unit_ids: options.production_units.map((u) => u.id) };
    expect(validateReportValues(values)).toEqual({});
    expect(reportFormWarnings(values)).toEqual(['RPT_UNITS_ABOVE_RECOMMENDED']);
  });

  it('finds the first field in error in the page’s order, whatever order the rules report them in', () => {
    expect(firstInvalidField(validateReportValues({ ...fresh(), recipientsText: '', title: '' }))).toBe('title');
    expect(firstInvalidField({ work_shift_ids: 'x', recipientsText: 'y' })).toBe('recipientsText');
    expect(firstInvalidField({})).toBeNull();
  });

  it('reads addresses separated by commas, semicolons, spaces or lines', () => {
    expect(splitRecipients('a@x.io; b@x.io\n c@x.io ,d@x.io')).toEqual(['a@x.io', 'b@x.io', 'c@x.io', 'd@x.io']);
  });
});

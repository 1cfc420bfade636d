import type { FactoryConfiguration } from '@linepulse/contracts';
import {
  declarationFromDraft,
  draftFromConfiguration,
  keyForName,
  newUnit,
  unitsRecomputedBySaving,
  withoutUnit,
  type ConfigurationDraft,
} from './configuration-draft';
import {
  configurationProblemsFromApi,
  sectionProblems,
  validateConfigurationDraft,
  validateDowntimeReasons,
  validateProductionUnits,
  validateProducts,
  validateWorkShifts,
  type ConfigurationProblems,
} from './configuration-problems';

const stored: FactoryConfiguration = {
  production_units: [
    { id: 'u1', key: 'line-1', name: 'Line 1', converted_unit_name: 'caisses', packages: 12, cost_per_hour: 150.5, downtime_delay_seconds: 120 },
    { id: 'u2', key: 'line-2', name: 'Line 2', converted_unit_name: null, packages: null, cost_per_hour: null, downtime_delay_seconds: null },
  ],
  work_shifts: [
    { id: 's1', key: 'day', name: 'Day', production_units: ['line-1', 'line-2'], start: '06:00', end: '14:00', days: ['friday', 'monday'] },
    { id: 's2', key: 'night', name: 'Night', production_units: ['line-1'], start: '22:00', end: '06:00', days: ['monday'] },
  ],
  products: [{ id: 'p1', sku: 'SKU-1', name: 'Water 1L', ideal_rate_per_hour: { 'line-1': 1200, 'line-2': 800.5 } }],
  downtime_reasons: [
    { id: 'r1', key: 'break', name: 'Break', category: 'People', is_planned: true, target_seconds: 900 },
    { id: 'r2', key: 'jam', name: 'Jam', category: 'Mechanical', is_planned: false, target_seconds: null },
  ],
};

const draft = (): ConfigurationDraft => draftFromConfiguration(stored);
const ids = (problems: ConfigurationProblems): Record<string, string> => Object.fromEntries(Object.entries(problems).map(([path, p]) => [path, p.id]));

function edit<S extends keyof ConfigurationDraft>(section: S, index: number, change: Partial<ConfigurationDraft[S][number]>): ConfigurationDraft {
  const d = draft();
  const list = d[section] as object[];
  list[index] = { ...list[index], ...change };
  return d;
}

describe('the stored configuration round-trips through the draft', () => {
  it('gives back the declaration PUT expects (nulls, week order, seconds)', () => {
    expect(validateConfigurationDraft(draft())).toEqual({});
    const declaration = declarationFromDraft(draft());
    expect(declaration.production_units[1]).toEqual({ key: 'line-2', name: 'Line 2', converted_unit_name: null, packages: null, cost_per_hour: null, downtime_delay_seconds: null });
    expect(declaration.work_shifts[0]!.days).toEqual(['monday', 'friday']);
    expect(declaration.products[0]!.ideal_rate_per_hour).toEqual({ 'line-1': 1200, 'line-2': 800.5 });
    expect(declaration.downtime_reasons[0]!.target_seconds).toBe(900);
  });

  it('reads decimal commas, drops the target of an unplanned reason and empty rates', () => {
    let d = edit('production_units', 0, { cost_per_hour: '99,75' });
    d = { ...d, products: [{ ...d.products[0]!, ideal_rate_per_hour: { u1: '12,5', u2: ' ' } }] };
    d = { ...d, downtime_reasons: [{ ...d.downtime_reasons[0]!, is_planned: false, target_minutes: '15' }, d.downtime_reasons[1]!] };
    const declaration = declarationFromDraft(d);
    expect(declaration.production_units[0]!.cost_per_hour).toBe(99.75);
    expect(declaration.products[0]!.ideal_rate_per_hour).toEqual({ 'line-1': 12.5 });
    expect(declaration.downtime_reasons[0]!.target_seconds).toBeNull();
  });
});

describe('what saving recomputes', () => {
  it('is nothing for the stored configuration or a new name, and the units concerned by a rate or a reason', () => {
    expect(unitsRecomputedBySaving(stored, draft())).toEqual([]);
    expect(unitsRecomputedBySaving(stored, edit('production_units', 0, { name: 'Filler' }))).toEqual([]);
    const d = draft();
    d.products[0] = { ...d.products[0]!, ideal_rate_per_hour: { u1: '1200', u2: '810' } };
    expect(unitsRecomputedBySaving(stored, d)).toEqual([{ key: 'line-2', name: 'Line 2' }]);
    expect(unitsRecomputedBySaving(stored, edit('downtime_reasons', 0, { target_minutes: '20' })).map((u) => u.key)).toEqual(['line-1', 'line-2']);
  });
});

describe('keys', () => {
  it('follow the name of a new item, unique in its section, and stop once typed', () => {
    const d = draft();
    const added = [...d.production_units, newUnit(d)];
    expect(added[2]!.key).toBe('unit');
    const named = keyForName(added, 2, 'Line 1', 'production_units');
    expect(named.key).toBe('line-1-2');
    expect(keyForName([...d.production_units, { ...named, autoKey: false }], 2, 'Filler', 'production_units').key).toBe('line-1-2');
  });

  it('never change for a stored item when it is renamed', () => {
    expect(keyForName(draft().production_units, 0, 'Bottling', 'production_units').key).toBe('line-1');
  });

  it.each([
    ['', 'error.CFG_KEY_INVALID'],
    ['-line', 'error.CFG_KEY_INVALID'],
    ['line 1', 'error.CFG_KEY_INVALID'],
    ['l'.repeat(65), 'error.CFG_KEY_INVALID'],
    ['line-1', 'error.CFG_KEY_DUPLICATE'],
  ])('refuse %p with %s', (key, id) => {
    expect(ids(validateProductionUnits(edit('production_units', 1, { key })))).toEqual({ 'production_units.1.key': id });
  });

  it('refuse a repeated shift or reason key and a repeated SKU, on the repeat', () => {
    expect(validateWorkShifts(edit('work_shifts', 1, { key: 'day', days: ['sunday'] }))['work_shifts.1.key']).toEqual({ id: 'error.CFG_KEY_DUPLICATE', values: { key: 'day' } });
    expect(ids(validateDowntimeReasons(edit('downtime_reasons', 1, { key: 'break' })))).toEqual({ 'downtime_reasons.1.key': 'error.CFG_KEY_DUPLICATE' });
    const d = draft();
    d.products.push({ ...d.products[0]!, row: 'p2', sku: ' SKU-1 ' });
    expect(validateProducts(d)).toEqual({ 'products.1.sku': { id: 'admin.config.problem.skuDuplicate', values: { sku: 'SKU-1' } } });
  });

  it('of units are written into shifts and rates only in the declaration, so typing one moves nothing', () => {
    const d = draft();
    // Halfway through typing, Line 2's key equals Line 1's: shifts and rates still tell them apart.
    d.production_units[1] = { ...d.production_units[1]!, key: 'line-1' };
    expect(d.work_shifts.map((s) => s.production_units)).toEqual([['u1', 'u2'], ['u1']]);
    d.production_units[1] = { ...d.production_units[1]!, key: 'line-10' };
    const declaration = declarationFromDraft(d);
    expect(declaration.work_shifts.map((s) => s.production_units)).toEqual([['line-1', 'line-10'], ['line-1']]);
    expect(declaration.products[0]!.ideal_rate_per_hour).toEqual({ 'line-1': 1200, 'line-10': 800.5 });
  });

  it('a removed unit leaves the shifts and rates that named it', () => {
    const removed = withoutUnit(draft(), 1);
    expect(removed.work_shifts[0]!.production_units).toEqual(['u1']);
    expect(removed.products[0]!.ideal_rate_per_hour).toEqual({ u1: '1200' });
    expect(declarationFromDraft(removed).work_shifts[0]!.production_units).toEqual(['line-1']);
  });
});

describe('production units', () => {
  it.each([
    [{ name: ' ' }, 'name', 'admin.config.problem.required', {}],
    [{ name: 'x'.repeat(101) }, 'name', 'admin.config.problem.tooLong', { max: 100 }],
    [{ converted_unit_name: 'x'.repeat(51) }, 'converted_unit_name', 'admin.config.problem.tooLong', { max: 50 }],
    [{ packages: '0' }, 'packages', 'admin.config.problem.wholeNumber', { min: 1, max: 2147483647 }],
    [{ packages: '2.5' }, 'packages', 'admin.config.problem.wholeNumber', { min: 1, max: 2147483647 }],
    [{ cost_per_hour: '-1' }, 'cost_per_hour', 'admin.config.problem.decimal', { min: 0, max: 9999999999, decimals: 2 }],
    [{ cost_per_hour: '10.555' }, 'cost_per_hour', 'admin.config.problem.decimal', { min: 0, max: 9999999999, decimals: 2 }],
    [{ cost_per_hour: 'ten' }, 'cost_per_hour', 'admin.config.problem.decimal', { min: 0, max: 9999999999, decimals: 2 }],
    [{ downtime_delay_seconds: '86401' }, 'downtime_delay_seconds', 'admin.config.problem.wholeNumber', { min: 1, max: 86400 }],
    [{ downtime_delay_seconds: '0' }, 'downtime_delay_seconds', 'admin.config.problem.wholeNumber', { min: 1, max: 86400 }],
  ])('%p: %s %s %p', (change, field, id, values) => {
    expect(validateProductionUnits(edit('production_units', 0, change))).toEqual({ [`production_units.0.${field}`]: { id, values } });
  });

  it('accepts empty optional values and the limits themselves', () => {
    expect(validateProductionUnits(edit('production_units', 0, { packages: '', cost_per_hour: '', downtime_delay_seconds: '', converted_unit_name: '' }))).toEqual({});
    expect(validateProductionUnits(edit('production_units', 0, { packages: '1', cost_per_hour: '0', downtime_delay_seconds: '86400' }))).toEqual({});
  });
});

describe('work shifts', () => {
  it.each([
    [{ start: '' }, 'start', 'admin.config.problem.required'],
    [{ end: '24:00' }, 'end', 'error.CFG_TIME_INVALID'],
    [{ start: '6:00' }, 'start', 'error.CFG_TIME_INVALID'],
    [{ days: [] }, 'days', 'admin.config.problem.daysRequired'],
    [{ production_units: [] }, 'production_units', 'admin.config.problem.unitsRequired'],
    [{ production_units: ['line-9'] }, 'production_units', 'error.CFG_UNIT_UNKNOWN'],
    [{ name: '' }, 'name', 'admin.config.problem.required'],
  ])('%p: %s %s', (change, field, id) => {
    expect(ids(validateWorkShifts(edit('work_shifts', 1, change)))).toEqual({ [`work_shifts.1.${field}`]: id });
  });

  it('accepts a shift across midnight that ends when the next begins', () => {
    expect(validateWorkShifts(draft())).toEqual({});
  });

  it('refuses an overlap on the later shift, naming both shifts and the unit', () => {
    expect(validateWorkShifts(edit('work_shifts', 1, { start: '13:00' }))).toEqual({
      'work_shifts.1': { id: 'admin.config.problem.shiftOverlap', values: { shift: 'Night', other: 'Day', unit: 'Line 1' } },
    });
    // The night shift running into Tuesday morning.
    const d = draft();
    d.work_shifts.push({ ...d.work_shifts[0]!, row: 's3', key: 'early', name: 'Early', start: '05:00', end: '06:00', days: ['tuesday'], production_units: ['u2', 'u1'] });
    expect(validateWorkShifts(d)['work_shifts.2']?.values).toEqual({ shift: 'Early', other: 'Night', unit: 'Line 1' });
  });

  it('does not compare a shift whose times are not valid yet', () => {
    expect(ids(validateWorkShifts(edit('work_shifts', 1, { start: '1' })))).toEqual({ 'work_shifts.1.start': 'error.CFG_TIME_INVALID' });
  });
});

describe('products', () => {
  const rated = (rates: Record<string, string>) => {
    const d = draft();
    d.products[0] = { ...d.products[0]!, ideal_rate_per_hour: rates };
    return d;
  };
  it.each(['0', '-3', 'abc', '0.00001', '1000000001', '1.23456'])('refuses the rate %p', (rate) => {
    expect(validateProducts(rated({ u1: rate }))).toEqual({
      'products.0.ideal_rate_per_hour.u1': { id: 'admin.config.problem.decimal', values: { min: 0.0001, max: 1e9, decimals: 4 } },
    });
  });

  it('accepts a unit without a rate (the product is not made there) and decimal commas', () => {
    expect(validateProducts(rated({ u2: '0,5' }))).toEqual({});
  });

  it('requires the SKU and the name', () => {
    expect(ids(validateProducts(edit('products', 0, { sku: '', name: ' ' })))).toEqual({ 'products.0.sku': 'admin.config.problem.required', 'products.0.name': 'admin.config.problem.required' });
  });
});

describe('downtime reasons', () => {
  it.each([
    [{ target_minutes: '0' }, 'admin.config.problem.target'],
    [{ target_minutes: '0,001' }, 'admin.config.problem.target'],
    [{ target_minutes: 'soon' }, 'admin.config.problem.target'],
    [{ target_minutes: '40000000' }, 'admin.config.problem.target'],
  ])('refuses the planned target %p', (change, id) => {
    expect(ids(validateDowntimeReasons(edit('downtime_reasons', 0, change)))).toEqual({ 'downtime_reasons.0.target_minutes': id });
  });

  it('lets a planned reason have no target, and ignores the target of an unplanned one', () => {
    expect(validateDowntimeReasons(edit('downtime_reasons', 0, { target_minutes: '' }))).toEqual({});
    expect(validateDowntimeReasons(edit('downtime_reasons', 1, { target_minutes: 'soon' }))).toEqual({});
  });

  it('requires the category', () => {
    expect(ids(validateDowntimeReasons(edit('downtime_reasons', 1, { category: '' })))).toEqual({ 'downtime_reasons.1.category': 'admin.config.problem.required' });
  });
});

describe('the api’s problems under the editor’s fields', () => {
  it('places each item under its field, a shift’s day or unit under the list, overlaps by name', () => {
    const problems = configurationProblemsFromApi(
      [
        { code: 'CFG_TIME_INVALID', arguments: { field: 'work_shifts.1.start' }, message: '' },
        { code: 'CFG_DAY_INVALID', arguments: { field: 'work_shifts.0.days.1' }, message: '' },
        { code: 'CFG_UNIT_UNKNOWN', arguments: { field: 'work_shifts.0.production_units.0', key: 'line-9' }, message: '' },
        { code: 'CFG_SHIFT_OVERLAP', arguments: { field: 'work_shifts.1', key: 'night', other: 'day', unit: 'line-1' }, message: '' },
        { code: 'GEN_VALIDATION', arguments: { field: 'downtime_reasons.0.target_seconds', in: 'body' }, message: '' },
        { code: 'CFG_IN_USE', arguments: { field: 'products', key: 'SKU-9' }, message: '' },
        { code: 'GEN_VALIDATION', arguments: { field: 'products.0.ideal_rate_per_hour.line-2', in: 'body' }, message: '' },
        { code: 'CFG_UNIT_UNKNOWN', arguments: { field: 'products.1.ideal_rate_per_hour.line-9', key: 'line-9' }, message: '' },
        { code: 'GEN_500', arguments: {}, message: '' },
      ],
      draft(),
    );
    expect(problems).toEqual({
      'work_shifts.1.start': { id: 'error.CFG_TIME_INVALID', values: { field: 'work_shifts.1.start' } },
      'work_shifts.0.days': { id: 'error.CFG_DAY_INVALID', values: { field: 'work_shifts.0.days.1' } },
      'work_shifts.0.production_units': { id: 'error.CFG_UNIT_UNKNOWN', values: { field: 'work_shifts.0.production_units.0', key: 'line-9' } },
      'work_shifts.1': { id: 'admin.config.problem.shiftOverlap', values: { shift: 'Night', other: 'Day', unit: 'Line 1' } },
      'downtime_reasons.0.target_minutes': { id: 'error.GEN_VALIDATION', values: { field: 'downtime_reasons.0.target_seconds', in: 'body' } },
      products: { id: 'error.CFG_IN_USE', values: { field: 'products', key: 'SKU-9' } },
      'products.0.ideal_rate_per_hour.u2': { id: 'error.GEN_VALIDATION', values: { field: 'products.0.ideal_rate_per_hour.line-2', in: 'body' } },
      'products.1': { id: 'error.CFG_UNIT_UNKNOWN', values: { field: 'products.1.ideal_rate_per_hour.line-9', key: 'line-9' } },
      '': { id: 'error.GEN_500', values: {} },
    });
    expect(Object.keys(sectionProblems(problems, 'work_shifts'))).toEqual(['work_shifts.1.start', 'work_shifts.0.days', 'work_shifts.0.production_units', 'work_shifts.1']);
  });

  it('keeps the first problem of a field', () => {
    const problems = configurationProblemsFromApi(
      [
        { code: 'CFG_KEY_INVALID', arguments: { field: 'production_units.0.key', key: '-x' }, message: '' },
        { code: 'CFG_KEY_DUPLICATE', arguments: { field: 'production_units.0.key', key: '-x' }, message: '' },
      ],
      draft(),
    );
    expect(ids(problems)).toEqual({ 'production_units.0.key': 'error.CFG_KEY_INVALID' });
  });
});

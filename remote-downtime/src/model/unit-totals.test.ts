import { measures, unitsInfo } from '../testing/downtime-fixtures';
import { inFactoryOrder, sumDowntimeMeasures } from './unit-totals';

const HOUR = 3_600_000;

test('the total sums times first and computes availability from the sums, never averaging percentages', () => {
  const total = sumDowntimeMeasures(unitsInfo);
  expect(total.in_production).toBe(44 * HOUR);
  expect(total.downtime_occurrences).toBe(7);
  // (44 − 6.5) h uptime over (44 − 3) h planned production time.
  expect(total.availability_rate).toBeCloseTo((37.5 / 41) * 100, 10);
});

test('no planned production time left is N/D, not 0 %', () => {
  expect(sumDowntimeMeasures([measures(HOUR, HOUR, 0, 0)]).availability_rate).toBeNull();
  expect(sumDowntimeMeasures([]).availability_rate).toBeNull();
});

test('units come in the factory’s order whatever order the api answers in', () => {
  expect(inFactoryOrder(unitsInfo, ['pu-1', 'pu-2']).map((row) => row.production_unit_name)).toEqual(['Line 1', 'Line 2']);
});

import type { FastifyInstance } from 'fastify';
import { justify, makeFactory, makeReason, makeShift, makeUnit, state, type TestFactory } from './analytics-helper.ts';

/**
 * One Paris line scheduled 06:00–14:00 local on 6 May 2024 with five downtimes inside scheduled time
 * (planned 30 min, unjustified 10, unplanned 47, mixed 5 + 15, one running past the shift end: 10
 * inside) and one wholly outside it.
 */
export async function downtimeFixture(app: FastifyInstance): Promise<{ f: TestFactory; unit: string; planned: string; unplanned: string; shift: string }> {
  const f = await makeFactory(app.db, { timezone: 'Europe/Paris' });
  const unit = await makeUnit(f, { name: 'Line A' });
  const shift = await makeShift(f, { start: '06:00', end: '14:00', units: [unit], name: 'Day' });
  const planned = await makeReason(f, { planned: true, name: 'Break', category: 'Breaks' });
  const unplanned = await makeReason(f, { planned: false, name: 'Jam', category: 'Mechanical' });
  const at = (hm: string): string => `2024-05-06T${hm}:00+02:00`;
  const states: [string, boolean][] = [
    ['06:00', true], ['08:00', false], ['08:30', true], ['09:00', false], ['09:10', true], ['10:00', false], ['10:47', true],
    ['11:00', false], ['11:20', true], ['13:50', false], ['14:20', true], ['14:30', false], ['14:40', true], ['15:00', false], ['15:10', true],
  ];
  for (const [hm, running] of states) await state(f, unit, at(hm), running);
  await justify(f, unit, at('08:00'), at('08:30'), planned);
  await justify(f, unit, at('10:00'), at('10:47'), unplanned);
  await justify(f, unit, at('11:00'), at('11:05'), planned);
  await justify(f, unit, at('11:05'), at('11:20'), unplanned);
  return { f, unit, planned, unplanned, shift };
}

import { DateTime } from 'luxon';
import type { DowntimeReasonRef, JustifiableDowntime, JustificationChange } from '@linepulse/contracts';
import { IdempotencyKeys, canUndo, middleTime, reasonGroups, reasonsChange, scopeFromSearch, splitInstant, withScope } from './justification';

const reason = (id: string, name: string, category: string, is_planned = false): DowntimeReasonRef => ({ id, name, category, is_planned });
const reasons = [
  reason('r-jam', 'Jam', 'Mechanical'),
  reason('r-clean', 'Cleaning', 'Hygiene', true),
  reason('r-arret', 'Arrêt d’urgence', 'Sécurité'),
  reason('r-belt', 'Belt broken', 'Mechanical'),
];

describe('the reason picker’s groups', () => {
  it('groups by category, in alphabetical order of categories and of names', () => {
    expect(reasonGroups(reasons, '', 'en').map((g) => [g.category, g.reasons.map((r) => r.name)])).toEqual([
      ['Hygiene', ['Cleaning']],
      ['Mechanical', ['Belt broken', 'Jam']],
      ['Sécurité', ['Arrêt d’urgence']],
    ]);
  });

  it('finds by name or category, every word, accents and case ignored', () => {
    expect(reasonGroups(reasons, 'mech', 'en').flatMap((g) => g.reasons.map((r) => r.id))).toEqual(['r-belt', 'r-jam']);
    expect(reasonGroups(reasons, 'ARRET', 'fr').flatMap((g) => g.reasons.map((r) => r.id))).toEqual(['r-arret']);
    expect(reasonGroups(reasons, 'broken mechanical', 'en').flatMap((g) => g.reasons.map((r) => r.id))).toEqual(['r-belt']);
    expect(reasonGroups(reasons, 'nothing like it', 'en')).toEqual([]);
  });
});

describe('the scope in the URL', () => {
  const units = ['pu-1', 'pu-2'];

  it('defaults to every line over the last 24 h, and ignores what it does not know', () => {
    expect(scopeFromSearch(new URLSearchParams(''), units)).toEqual({ unitId: null, hours: 24 });
    expect(scopeFromSearch(new URLSearchParams('line=pu-9&hours=5'), units)).toEqual({ unitId: null, hours: 24 });
    expect(scopeFromSearch(new URLSearchParams('line=pu-2&hours=72'), units)).toEqual({ unitId: 'pu-2', hours: 72 });
  });

  it('writes only what differs from the defaults, keeping the other parameters', () => {
    expect(withScope(new URLSearchParams('x=1&hours=8'), { unitId: 'pu-1', hours: 24 }).toString()).toBe('x=1&line=pu-1');
    expect(withScope(new URLSearchParams('line=pu-1'), { unitId: null, hours: 168 }).toString()).toBe('hours=168');
  });
});

describe('a split’s instant', () => {
  const zone = 'Europe/Paris';
  // 23:50 to 00:20 in Paris (UTC+1 in November).
  const acrossMidnight = { start_time: '2026-11-23T22:50:00.000Z', end_time: '2026-11-23T23:20:00.000Z' };

  it('is the time typed in the factory’s zone, on the day of the downtime that has it inside', () => {
    expect(splitInstant('23:55', acrossMidnight, zone)).toBe('2026-11-23T22:55:00.000Z');
    expect(splitInstant('00:10:30', acrossMidnight, zone)).toBe('2026-11-23T23:10:30.000Z');
  });

  it('is refused outside the downtime, at its very ends and when it does not parse', () => {
    expect(splitInstant('12:00', acrossMidnight, zone)).toBeNull();
    expect(splitInstant('23:50', acrossMidnight, zone)).toBeNull();
    expect(splitInstant('00:20', acrossMidnight, zone)).toBeNull();
    expect(splitInstant('25:00', acrossMidnight, zone)).toBeNull();
    expect(splitInstant('noon', acrossMidnight, zone)).toBeNull();
  });

  it('runs until now for a line still stopped', () => {
    const now = DateTime.fromISO('2026-11-24T10:30:00.000Z');
    const stopped = { start_time: '2026-11-24T10:00:00.000Z', end_time: null };
    expect(splitInstant('11:20', stopped, zone, now)).toBe('2026-11-24T10:20:00.000Z');
    expect(splitInstant('11:40', stopped, zone, now)).toBeNull();
    expect(middleTime(stopped, zone, now)).toBe('11:15');
  });

  it('starts the field in the middle of the downtime, to the second when no whole minute is inside', () => {
    expect(middleTime(acrossMidnight, zone)).toBe('00:05');
    expect(middleTime({ start_time: '2026-11-24T10:00:10.000Z', end_time: '2026-11-24T10:00:50.000Z' }, zone)).toBe('11:00:30');
  });
});

describe('the audit', () => {
  const change = (id: string, action: JustificationChange['action'], undone = false): JustificationChange => ({
    id,
    action,
    parts: [],
    comment: null,
    user_name: 'Ana',
    at: '2026-11-24T09:42:00.000Z',
    undone,
  });
  const downtime = (changes: JustificationChange[], withParts = true): JustifiableDowntime => ({
    id: 'pu-1:2026-11-24T09:00:00.000Z',
    production_unit_id: 'pu-1',
    production_unit_name: 'Line 1',
    start_time: '2026-11-24T09:00:00.000Z',
    end_time: '2026-11-24T09:20:00.000Z',
    duration_ms: 1_200_000,
    justification_type: 'planned',
    machine_reasons: [],
    parts: withParts ? [{ from: '2026-11-24T09:00:00.000Z', to: null, reason: reasons[1]! }] : [],
    comment: null,
    changes,
  });

  it('credits the person’s reasons to the newest justify or split not undone', () => {
    expect(reasonsChange(downtime([change('c3', 'comment'), change('c2', 'justify'), change('c1', 'split')]))?.id).toBe('c2');
    expect(reasonsChange(downtime([change('c3', 'undo'), change('c2', 'justify', true), change('c1', 'split')]))?.id).toBe('c1');
    expect(reasonsChange(downtime([change('c1', 'justify')], false))).toBeNull();
  });

  it('offers undo while a change is not undone', () => {
    expect(canUndo(downtime([]))).toBe(false);
    expect(canUndo(downtime([change('c2', 'undo'), change('c1', 'justify', true)]))).toBe(false);
    expect(canUndo(downtime([change('c1', 'comment')]))).toBe(true);
  });
});

describe('idempotency keys', () => {
  const request = { production_unit_id: 'pu-1', downtime_start: '2026-11-24T09:00:00.000Z', action: 'justify' as const, reason_id: 'r-jam' };

  it('keeps the key of an action until it succeeded, and gives another action its own', () => {
    let next = 0;
    const keys = new IdempotencyKeys(() => `key-${++next}`);
    expect(keys.keyFor(request)).toBe('key-1');
    // Retried after a failure, the same action (whatever the order of its fields) has the same key.
    expect(keys.keyFor({ reason_id: 'r-jam', action: 'justify', downtime_start: request.downtime_start, production_unit_id: 'pu-1' })).toBe('key-1');
    expect(keys.keyFor({ ...request, reason_id: 'r-clean' })).toBe('key-2');
    keys.settled(request);
    expect(keys.keyFor(request)).toBe('key-3');
  });
});

import { testFactory, type MockedRequest } from '@linepulse/shared/testing';
import { kpisOf, type KpiGroupResult, type Kpis, type OpportunitiesResponse } from '@linepulse/contracts';

export const lyon = testFactory({
  id: 'f-lyon',
  name: 'Lyon',
  currency: 'EUR',
  oee_target: 76.64,
  objectives: [
    { objective_type: 'availability', value: 90 },
    { objective_type: 'performance', value: 88 },
    { objective_type: 'quality', value: 97 },
  ],
  production_units: [
    { id: 'u-ly1', name: 'Yaourts 1', converted_unit_name: 'packs', packages: 12 },
    { id: 'u-ly2', name: 'Yaourts 2', converted_unit_name: 'packs', packages: 12 },
  ],
});

export const montreal = testFactory({
  id: 'f-mtl',
  name: 'Montréal',
  timezone: 'America/Toronto',
  currency: 'CAD',
  oee_target: 70,
  objectives: [
    { objective_type: 'availability', value: 85 },
    { objective_type: 'performance', value: 85 },
    { objective_type: 'quality', value: 97 },
  ],
  production_units: [{ id: 'u-mt1', name: 'Ligne 1', converted_unit_name: 'cases', packages: 24 }],
});

/**
 * KPIs of the textbook OEE example (docs/domain.md §9, the worked check), scaled by `factor`: built by
 * the api's own rule from the example's times and counts, so ratios and bases agree (OEE 74.79 %).
 */
export function kpis(factor = 1, overrides: Partial<Kpis> = {}): Kpis {
  const totals = {
    calendar_ms: 28_800_000 * factor,
    scheduled_ms: 28_800_000 * factor,
    planned_downtime_ms: 3_600_000 * factor,
    unplanned_downtime_ms: 2_820_000 * factor,
    unjustified_downtime_ms: 0,
    good: 18_848 * factor,
    rejected: 423 * factor,
    ideal_production_ms: 19_271_000 * factor,
  };
  return { ...kpisOf(totals, 3 * factor), ...overrides };
}

export function groupResult(name: string, factoryId: string, total: Kpis, extra: Partial<KpiGroupResult> = {}): KpiGroupResult {
  const preceding = Array.from({ length: 11 }, (_, i) => ({
    ...total,
    start_time: `2026-10-${String(i + 1).padStart(2, '0')}T04:00:00.000Z`,
    end_time: `2026-10-${String(i + 2).padStart(2, '0')}T04:00:00.000Z`,
  }));
  return { name, factory_id: factoryId, start_time: '2026-11-21T05:00:00.000Z', end_time: '2026-11-22T05:00:00.000Z', total, preceding_periods: preceding, ...extra };
}

/** Answers POST kpis/by-groups with one result per asked group, each group's KPIs from `byName`. */
export function kpisHandler(byName: Record<string, Kpis>): (request: MockedRequest) => Response {
  return (request) => {
    const body = request.body as { groups: { name: string; factory_id: string }[]; interval?: string };
    const groups = body.groups.map((g) => {
      const total = byName[g.name] ?? kpis();
      const result = groupResult(g.name, g.factory_id, total);
      if (body.interval) {
        result.interval = body.interval as KpiGroupResult['interval'];
        result.intervals = [0, 1, 2].map((h) => ({ ...total, start_time: `2026-11-21T0${5 + h}:00:00.000Z`, end_time: `2026-11-21T0${6 + h}:00:00.000Z` }));
      }
      return result;
    });
    return json({ groups });
  };
}

function json(body: unknown, status = 200): Response {
  const text = JSON.stringify(body);
  return {
    ok: status < 300,
    status,
    statusText: String(status),
    headers: { get: () => 'application/json' },
    text: () => Promise.resolve(text),
    json: () => Promise.resolve(body),
  } as unknown as Response;
}

const noOpportunity = { occurrences: [], occurrences_total: 0, next_offset: null, per_unit: [], per_factory: [], company: { lost_ms: 0, gain_hours: 0, gain_units: 0 } };

export const opportunities: OpportunitiesResponse = {
  start_time: '2026-11-21T05:00:00.000Z',
  end_time: '2026-11-22T05:00:00.000Z',
  shift_changes: {
    occurrences: [],
    occurrences_total: 0,
    next_offset: null,
    per_unit: [
      { production_unit_id: 'u-ly1', production_unit_name: 'Yaourts 1', factory_id: 'f-lyon', lost_ms: 9_000_000, gain_hours: 2.5, gain_units: 1200, gain_currency: [{ amount: 1125.5, currency: 'EUR' }] },
    ],
    per_factory: [{ factory_id: 'f-lyon', factory_name: 'Lyon', lost_ms: 9_000_000, gain_hours: 2.5, gain_units: 1200, gain_currency: [{ amount: 1125.5, currency: 'EUR' }] }],
    company: { lost_ms: 9_000_000, gain_hours: 2.5, gain_units: 1200 },
  },
  line_starts: {
    occurrences: [],
    occurrences_total: 0,
    next_offset: null,
    per_unit: [{ production_unit_id: 'u-mt1', production_unit_name: 'Ligne 1', factory_id: 'f-mtl', lost_ms: 3_600_000, gain_hours: 1, gain_units: 300, gain_currency: [{ amount: 450, currency: 'CAD' }] }],
    per_factory: [{ factory_id: 'f-mtl', factory_name: 'Montréal', lost_ms: 3_600_000, gain_hours: 1, gain_units: 300, gain_currency: [{ amount: 450, currency: 'CAD' }] }],
    company: { lost_ms: 3_600_000, gain_hours: 1, gain_units: 300 },
  },
  product_changes: noOpportunity,
  planned_downtime_above_target: {
    // The overview asks for totals only (limit 0): no occurrences, the sums per line and reason.
    occurrences: [],
    occurrences_total: 1,
    next_offset: 0,
    per_reason: [
      {
        production_unit_id: 'u-ly2', factory_id: 'f-lyon', downtime_reason_id: 'r-clean', downtime_reason: 'Nettoyage',
        lost_ms: 1_800_000, gain_hours: 0.5, gain_units: 100, gain_currency: [{ amount: 200, currency: 'EUR' }],
      },
    ],
    per_unit: [],
    per_factory: [{ factory_id: 'f-lyon', factory_name: 'Lyon', lost_ms: 1_800_000, gain_hours: 0.5, gain_units: 100, gain_currency: [{ amount: 200, currency: 'EUR' }] }],
    company: { lost_ms: 1_800_000, gain_hours: 0.5, gain_units: 100 },
  },
};

export { json as jsonAnswer };

import type { OpportunitiesResponse } from '@linepulse/contracts';
import { OPPORTUNITY_KINDS, type OpportunityKind } from '../api/post-opportunities';
import { routePath, type Factory, type RouteId } from '@linepulse/contracts';

export const KIND_ROUTE: Record<OpportunityKind, RouteId> = {
  shift_changes: 'shiftChanges',
  line_starts: 'lineStarts',
  product_changes: 'productChanges',
  planned_downtime_above_target: 'plannedDowntimesWithTarget',
};

export interface OpportunityRow {
  id: string;
  kind: OpportunityKind;
  factoryId: string;
  factoryName: string;
  productionUnitId: string;
  productionUnitName: string;
  downtimeReasonId: string | null;
  downtimeReason: string | null;
  gainHours: number;
  gainUnits: number;
  gainCurrency: { amount: number; currency: string }[] | undefined;
  /** The performance-manager page of this opportunity. */
  href: string;
}

export interface OpportunitySummary {
  rows: OpportunityRow[];
  totalHours: number;
  /** Per currency, kept apart (docs/domain.md §8); undefined without financial access. */
  totalCurrency: { amount: number; currency: string }[] | undefined;
}

function addCurrency(into: Map<string, number>, list: { amount: number; currency: string }[] | undefined): void {
  for (const { amount, currency } of list ?? []) into.set(currency, (into.get(currency) ?? 0) + amount);
}

/**
 * The largest opportunities across the selected factories: per line and kind (per line and reason for
 * planned downtime above target), biggest potential gain first, each linking to its page.
 */
export function summariseOpportunities(response: OpportunitiesResponse, factories: readonly Factory[], limit = 10): OpportunitySummary {
  const byId = new Map(factories.map((f) => [f.id, f]));
  const unitName = (factoryId: string, unitId: string): string =>
    byId.get(factoryId)?.production_units.find((u) => u.id === unitId)?.name ?? unitId;
  const rows: OpportunityRow[] = [];
  let totalHours = 0;
  const currency = new Map<string, number>();
  let financial = false;

  for (const kind of OPPORTUNITY_KINDS) {
    const opportunity = response[kind];
    for (const factory of opportunity.per_factory) {
      if (!byId.has(factory.factory_id)) continue;
      totalHours += factory.gain_hours;
      if (factory.gain_currency) financial = true;
      addCurrency(currency, factory.gain_currency);
    }
    if (kind === 'planned_downtime_above_target') {
      // Sums per line and reason over the whole window (the answer's occurrences are one page at most).
      const byReason = new Map<string, OpportunityRow>();
      for (const o of opportunity.per_reason ?? []) {
        if (!byId.has(o.factory_id)) continue;
        const key = `${o.production_unit_id}|${o.downtime_reason_id ?? ''}`;
        let row = byReason.get(key);
        if (!row) {
          row = {
            id: `${kind}|${key}`,
            kind,
            factoryId: o.factory_id,
            factoryName: byId.get(o.factory_id)?.name ?? o.factory_id,
            productionUnitId: o.production_unit_id,
            productionUnitName: unitName(o.factory_id, o.production_unit_id),
            downtimeReasonId: o.downtime_reason_id ?? null,
            downtimeReason: o.downtime_reason ?? null,
            gainHours: 0,
            gainUnits: 0,
            gainCurrency: o.gain_currency ? [] : undefined,
            href: '',
          };
          byReason.set(key, row);
        }
        row.gainHours += o.gain_hours;
        row.gainUnits += o.gain_units;
        if (o.gain_currency) {
          const sums = new Map((row.gainCurrency ?? []).map((c) => [c.currency, c.amount]));
          addCurrency(sums, o.gain_currency);
          row.gainCurrency = [...sums].map(([c, amount]) => ({ currency: c, amount }));
        }
      }
      rows.push(...byReason.values());
    } else {
      for (const unit of opportunity.per_unit) {
        if (!byId.has(unit.factory_id) || unit.gain_hours <= 0) continue;
        rows.push({
          id: `${kind}|${unit.production_unit_id}`,
          kind,
          factoryId: unit.factory_id,
          factoryName: byId.get(unit.factory_id)?.name ?? unit.factory_id,
          productionUnitId: unit.production_unit_id,
          productionUnitName: unit.production_unit_name,
          downtimeReasonId: null,
          downtimeReason: null,
          gainHours: unit.gain_hours,
          gainUnits: unit.gain_units,
          gainCurrency: unit.gain_currency,
          href: '',
        });
      }
    }
  }
  for (const row of rows) {
    const query = new URLSearchParams({ factoryId: row.factoryId, productionUnitId: row.productionUnitId });
    if (row.downtimeReasonId) query.set('downtimeReasonId', row.downtimeReasonId);
    row.href = `${routePath(KIND_ROUTE[row.kind])}?${query.toString()}`;
  }
  rows.sort((a, b) => b.gainHours - a.gainHours || a.id.localeCompare(b.id));
  return {
    rows: rows.filter((row) => row.gainHours > 0).slice(0, limit),
    totalHours,
    totalCurrency: financial ? [...currency].map(([c, amount]) => ({ currency: c, amount })) : undefined,
  };
}

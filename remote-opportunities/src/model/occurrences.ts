import { routePath, type OpportunityNames, type OpportunityOccurrenceRow } from '@linepulse/contracts';

/**
 * The availability-and-downtime page narrowed to an occurrence (its `?unit&from&to` focus): from the
 * first counted downtime's start to the last one's end, or the occurrence's instant (one minute) when
 * it counts none.
 */
export function downtimeLink(factoryId: string, unitId: string, occurrence: Pick<OpportunityOccurrenceRow, 'at' | 'downtimes'>): string {
  const starts = occurrence.downtimes.map((d) => Date.parse(d.start_time));
  const ends = occurrence.downtimes.map((d) => Date.parse(d.end_time));
  const at = Date.parse(occurrence.at);
  const from = starts.length ? Math.min(...starts) : at;
  const to = ends.length ? Math.max(...ends) : at + 60_000;
  const query = new URLSearchParams({ unit: unitId, from: new Date(from).toISOString(), to: new Date(to).toISOString() });
  return `${routePath('availabilityDowntime', { factoryId })}?${query.toString()}`;
}

const nameOf = (names: Record<string, string>, id: string | null | undefined): string => (id ? names[id] ?? id : '—');

/** What an occurrence is about: the pair of shifts, the shift, the pair of products, or the reason and shift. */
export function occurrenceSubject(o: OpportunityOccurrenceRow, names: OpportunityNames): string {
  if (o.from_product_id) return `${nameOf(names.products, o.from_product_id)} → ${nameOf(names.products, o.to_product_id)}`;
  if (o.from_work_shift_id) return `${nameOf(names.shifts, o.from_work_shift_id)} → ${nameOf(names.shifts, o.work_shift_id)}`;
  if (o.downtime_reason_id) return `${nameOf(names.reasons, o.downtime_reason_id)} (${nameOf(names.shifts, o.work_shift_id)})`;
  return nameOf(names.shifts, o.work_shift_id);
}

/** The reasons justifying an occurrence's downtimes, by name, each once. */
export function occurrenceReasons(o: OpportunityOccurrenceRow, reasonName: (id: string) => string): string[] {
  return [...new Set(o.downtimes.flatMap((d) => d.reason_ids))].map(reasonName);
}

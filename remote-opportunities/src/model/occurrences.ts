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

/** What stands in for a name the answer does not hold (translated): never the bare id. */
export interface NameFallbacks {
  unknownShift: string;
  unknownProduct: string;
  unknownReason: string;
  /** A downtime that no reason justifies. */
  unjustified: string;
}

type Table = 'shifts' | 'products' | 'reasons';
const UNKNOWN: Record<Table, keyof NameFallbacks> = { shifts: 'unknownShift', products: 'unknownProduct', reasons: 'unknownReason' };

/** A shift's, product's or reason's name; the translated "unknown …" for an id the answer does not name. */
export function nameIn(names: OpportunityNames, table: Table, id: string, fallbacks: NameFallbacks): string {
  return names[table][id] ?? fallbacks[UNKNOWN[table]];
}

const nameOf = (names: OpportunityNames, table: Table, id: string | null | undefined, fallbacks: NameFallbacks): string =>
  id ? nameIn(names, table, id, fallbacks) : '—';

/** What an occurrence is about: the pair of shifts, the shift, the pair of products, or the reason and shift. */
export function occurrenceSubject(o: OpportunityOccurrenceRow, names: OpportunityNames, fallbacks: NameFallbacks): string {
  if (o.from_product_id) return `${nameOf(names, 'products', o.from_product_id, fallbacks)} → ${nameOf(names, 'products', o.to_product_id, fallbacks)}`;
  if (o.from_work_shift_id) return `${nameOf(names, 'shifts', o.from_work_shift_id, fallbacks)} → ${nameOf(names, 'shifts', o.work_shift_id, fallbacks)}`;
  if (o.downtime_reason_id) return `${nameOf(names, 'reasons', o.downtime_reason_id, fallbacks)} (${nameOf(names, 'shifts', o.work_shift_id, fallbacks)})`;
  return nameOf(names, 'shifts', o.work_shift_id, fallbacks);
}

/** The reasons justifying one downtime, by name, each once; "unjustified" when none does. */
export function downtimeReasons(reasonIds: readonly string[], names: OpportunityNames, fallbacks: NameFallbacks): string[] {
  if (reasonIds.length === 0) return [fallbacks.unjustified];
  return [...new Set(reasonIds.map((id) => nameIn(names, 'reasons', id, fallbacks)))];
}

/**
 * An occurrence's downtimes as read in the list: each one's span (times formatted by the caller) with
 * the reasons justifying it — "10:13 PM–6:18 AM (Jam), 6:30 AM–6:40 AM (unjustified)".
 */
export function occurrenceDowntimes(
  o: Pick<OpportunityOccurrenceRow, 'downtimes'>,
  names: OpportunityNames,
  fallbacks: NameFallbacks,
  time: (iso: string) => string,
): string {
  return o.downtimes.map((d) => `${time(d.start_time)}–${time(d.end_time)} (${downtimeReasons(d.reason_ids, names, fallbacks).join(', ')})`).join(', ');
}

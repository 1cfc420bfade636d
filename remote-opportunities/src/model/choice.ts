import type { Factory } from '@linepulse/contracts';

/** What a performance-manager page is about, as its URL says (product §2): bookmarkable and shareable. */
export interface Choice {
  factoryId: string | null;
  productionUnitId: string | null;
  /** Planned downtime only; null = every planned reason with a target. */
  downtimeReasonId: string | null;
}

export const CHOICE_PARAMS = { factory: 'factoryId', unit: 'productionUnitId', reason: 'downtimeReasonId' } as const;

/**
 * The choice the URL names, kept only where it names the user's own factory and one of its units (an
 * id from elsewhere is dropped, never sent as is). The reason is checked against the factory's planned
 * reasons once they are known (`reasonIds`; undefined while loading keeps it).
 */
export function choiceFromSearch(search: URLSearchParams, factories: readonly Factory[], reasonIds?: readonly string[]): Choice {
  const factory = factories.find((f) => f.id === search.get(CHOICE_PARAMS.factory)) ?? null;
  const unitId = search.get(CHOICE_PARAMS.unit);
  const unit = factory?.production_units.find((u) => u.id === unitId) ?? null;
  const reasonId = search.get(CHOICE_PARAMS.reason);
  const reasonKept = factory !== null && reasonId !== null && (reasonIds === undefined || reasonIds.includes(reasonId));
  return { factoryId: factory?.id ?? null, productionUnitId: unit?.id ?? null, downtimeReasonId: reasonKept ? reasonId : null };
}

/**
 * The URL's search with a new choice: another factory clears the unit and reason (they belong to the
 * old one); other parameters are kept.
 */
export function withChoice(search: URLSearchParams, current: Choice, next: Partial<Choice>): URLSearchParams {
  const out = new URLSearchParams(search);
  const factoryChanged = next.factoryId !== undefined && next.factoryId !== current.factoryId;
  const merged: Choice = {
    factoryId: next.factoryId !== undefined ? next.factoryId : current.factoryId,
    productionUnitId: next.productionUnitId !== undefined ? next.productionUnitId : factoryChanged ? null : current.productionUnitId,
    downtimeReasonId: next.downtimeReasonId !== undefined ? next.downtimeReasonId : factoryChanged ? null : current.downtimeReasonId,
  };
  const set = (name: string, value: string | null): void => {
    if (value) out.set(name, value);
    else out.delete(name);
  };
  set(CHOICE_PARAMS.factory, merged.factoryId);
  set(CHOICE_PARAMS.unit, merged.productionUnitId);
  set(CHOICE_PARAMS.reason, merged.downtimeReasonId);
  return out;
}

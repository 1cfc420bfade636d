import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DOWNTIME_TYPES, SCREEN_LINK_PARAMS, hasScreenLinkParams, screenLinkSelectionOf, type Factory, type ScreenLinkSelection } from '@linepulse/contracts';
import { usePeriod } from './period';
import { selectionAtom, type Selection } from './selection';

/**
 * The filters a link's lines and shifts mean on one factory's pages: the lines it names (all of them
 * when it names none, or none of this factory's) with its shifts. Null when that is the whole factory.
 */
export function linkSelection(factory: Factory, link: ScreenLinkSelection): Selection | null {
  const all = factory.production_units.map((unit) => unit.id);
  const lines = link.lineIds.filter((id) => all.includes(id));
  const narrowsLines = lines.length > 0 && lines.length < all.length;
  if (!narrowsLines && link.shiftIds.length === 0) return null;
  return {
    kind: 'filters',
    filters: {
      production_unit_ids: narrowsLines ? lines : all,
      downtime_types: [...DOWNTIME_TYPES],
      work_shift_ids: link.shiftIds.length > 0 ? { [factory.id]: link.shiftIds } : {},
      product_ids: {},
    },
  };
}

/**
 * Applies a link's selection (contracts' screen-links: an e-mail report's "Open in Linepulse") to the
 * period and the filters, once, then drops it from the address, so that the page's own controls take
 * over and a reload shows what the user left. True while there is a link to apply: the page waits,
 * rather than asking the api for the previous selection first.
 */
export function useScreenLink(factory: Factory | null): boolean {
  const [search, setSearch] = useSearchParams();
  const [, setPeriod] = usePeriod();
  const setSelection = useSetAtom(selectionAtom);
  const pending = hasScreenLinkParams(search);
  useEffect(() => {
    if (!factory || !pending) return;
    const link = screenLinkSelectionOf(search);
    if (link) {
      setPeriod({ option: 'time_range', startDate: link.startDate, endDate: link.endDate });
      const narrowed = linkSelection(factory, link);
      // The whole factory: filters of other lines would narrow it, saved comparison groups do not.
      setSelection((current) => narrowed ?? (current.kind === 'filters' ? { kind: 'factories' } : current));
    }
    const next = new URLSearchParams(search);
    for (const name of Object.values(SCREEN_LINK_PARAMS)) next.delete(name);
    setSearch(next, { replace: true });
  }, [factory, pending, search, setPeriod, setSelection, setSearch]);
  return pending;
}

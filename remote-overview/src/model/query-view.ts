import { useDeferredValue } from 'react';
import type { QueryView } from '@linepulse/shared';

// The query view moved into the platform (1.1.0) so every analytics remote shows queries alike.
export { queryView, type QueryView } from '@linepulse/shared';

/**
 * `view` for the parts of a page drawn after its KPI tiles. When an answer arrives, this view keeps the
 * parts in their loading state for one more render and React draws them in a background pass it can
 * interrupt (`useDeferredValue`): an answer otherwise re-renders the whole page at once — the charts'
 * series, the tables, the opportunities — before anything is painted (~0.4 s on a slow laptop), and the
 * tiles' figures, already known, wait for it. A new selection empties the parts at once, as `queryView`
 * does; a refresh keeps the older figures shown until the pass has drawn the new ones (a wall display
 * never blanks).
 */
export function useDeferredView<T>(view: QueryView<T>): QueryView<T> {
  const data = useDeferredValue(view.data);
  if (view.data === undefined || data === view.data) return view;
  return data === undefined ? { ...view, data, loading: true, error: undefined } : { ...view, data, refreshing: true };
}

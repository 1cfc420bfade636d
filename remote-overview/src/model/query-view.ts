import { startTransition, useEffect, useState } from 'react';
import type { QueryView } from '@linepulse/shared';

// The query view moved into the platform (1.1.0) so every analytics remote shows queries alike.
export { queryView, type QueryView } from '@linepulse/shared';

/**
 * `value` once the browser has painted the render that brought it: the render after the next paint starts
 * a transition (which React can interrupt) with it. A value arriving while a tab is hidden (no frames)
 * follows within ~100 ms. `undefined` is taken at once: emptying a part is never held back.
 */
function useAfterPaint<T>(value: T): T {
  const [painted, setPainted] = useState(value);
  // Emptied: forget the older value at once, so that the next one is never shown as its refresh.
  if (value === undefined && painted !== undefined) setPainted(value);
  useEffect(() => {
    if (Object.is(painted, value)) return;
    let done = false;
    const show = (): void => {
      if (done) return;
      done = true;
      startTransition(() => setPainted(value));
    };
    let afterFrame: ReturnType<typeof setTimeout> | undefined;
    // A timeout queued from an animation frame runs once that frame is painted.
    const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => (afterFrame = setTimeout(show, 0))) : undefined;
    const fallback = setTimeout(show, 100);
    return () => {
      done = true;
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(afterFrame);
      clearTimeout(fallback);
    };
  }, [value, painted]);
  return value === undefined ? value : painted;
}

/**
 * `view` for the parts of a page drawn after its KPI tiles. When an answer arrives, this view keeps the
 * parts in their loading state until the browser has painted the tiles, then React draws the parts in a
 * transition it can interrupt: an answer otherwise re-renders the whole page at once — the charts'
 * series, the tables, the opportunities, and Highcharts drawing once it is there — before anything is
 * painted, and the tiles' figures, already known, wait for it. A new selection empties the parts at once,
 * as `queryView` does (no pass shows another selection's figures); a refresh keeps the older figures shown
 * until the new ones are drawn (a wall display never blanks).
 */
export function useDeferredView<T>(view: QueryView<T>): QueryView<T> {
  const data = useAfterPaint(view.data);
  if (view.data === undefined || data === view.data) return view;
  return data === undefined ? { ...view, data, loading: true, error: undefined } : { ...view, data, refreshing: true };
}

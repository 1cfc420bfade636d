import { useSyncExternalStore } from 'react';
import { BREAKPOINTS } from '@linepulse/contracts';

/** xs < 600 ≤ sm < 960 ≤ md < 1264 ≤ lg < 1904 ≤ xl (product §9). */
export type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

export function breakpointFor(width: number): Breakpoint {
  if (width >= BREAKPOINTS.xl) return 'xl';
  if (width >= BREAKPOINTS.lg) return 'lg';
  if (width >= BREAKPOINTS.md) return 'md';
  if (width >= BREAKPOINTS.sm) return 'sm';
  return 'xs';
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

function snapshot(): Breakpoint {
  return breakpointFor(window.innerWidth);
}

/** The current breakpoint, updated on resize. */
export function useBreakpoint(): Breakpoint {
  return useSyncExternalStore(subscribe, snapshot, () => 'lg' as Breakpoint);
}

/** At least the given breakpoint (e.g. `atLeast(bp, 'md')` = 960 px or wider). */
export function atLeast(current: Breakpoint, minimum: Breakpoint): boolean {
  const order: Breakpoint[] = ['xs', 'sm', 'md', 'lg', 'xl'];
  return order.indexOf(current) >= order.indexOf(minimum);
}

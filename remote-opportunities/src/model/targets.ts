import { formatNumber } from '@linepulse/shared';
import type { OpportunityUnit } from '@linepulse/contracts';

/**
 * A target as the user entered it, to the second (decision 42): "7 min 30 s", "45 s", "1 h 05 min",
 * "1 h 05 min 30 s". Other durations are shown to the minute (product §9), which would show a target of
 * 7.5 minutes as "8 min"; a target is a setting, and must read back as it was set.
 */
export function formatTarget(locale: string, ms: number): string {
  const total = Math.round(Math.abs(ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  let text: string;
  if (total < 60) text = `${seconds} s`;
  else {
    text = hours > 0 ? `${formatNumber(locale, hours)} h ${String(minutes).padStart(2, '0')} min` : `${minutes} min`;
    if (seconds > 0) text += ` ${String(seconds).padStart(2, '0')} s`;
  }
  return ms < 0 ? `−${text}` : text;
}

/** Minutes typed in the target field (decimals with a point or a comma) as whole seconds; null when not a number. */
export function targetSecondsOf(minutes: string): number | null {
  const text = minutes.trim().replace(',', '.');
  if (text === '' || !/^\d*\.?\d*$/.test(text) || text === '.') return null;
  return Math.round(Number(text) * 60);
}

export type TargetState =
  /** A target stored for the line or the reason's own: shown as entered. */
  | { kind: 'set'; ms: number; source: 'unit' | 'reason' }
  /** The line's median over the period: a measured duration, shown as every other one. */
  | { kind: 'median'; ms: number }
  /** No stored target and no occurrence to take a median from. */
  | { kind: 'none' }
  /** Planned downtime over several reasons: each has its own. */
  | { kind: 'perReason' };

/** What the summary's target is, from the api's `target_ms` and `target_source`. */
export function targetState(summary: Pick<OpportunityUnit['summary'], 'target_ms' | 'target_source'>): TargetState {
  const { target_ms: ms, target_source: source } = summary;
  if (ms === null) return source === 'median' ? { kind: 'none' } : { kind: 'perReason' };
  if (source === 'median') return { kind: 'median', ms };
  return { kind: 'set', ms, source: source ?? 'reason' };
}

import { DateTime } from 'luxon';
import { JUSTIFICATION_DEFAULT_HOURS, type DowntimeReasonRef, type JustifiableDowntime, type JustificationChange, type JustificationRequest } from '@linepulse/contracts';

/** The periods the page offers, in hours back from now (the api's `hours`, at most a week). */
export const JUSTIFICATION_HOURS = [8, 24, 72, 168] as const;

/** What the page shows: one line or all of them (null), over the last `hours`. Kept in the URL (`?line=…&hours=…`). */
export interface JustificationScope {
  unitId: string | null;
  hours: number;
}

/** The scope in the URL; an unknown line or period falls back to every line and the last 24 h. */
export function scopeFromSearch(search: URLSearchParams, unitIds: readonly string[]): JustificationScope {
  const line = search.get('line');
  const hours = Number(search.get('hours'));
  return {
    unitId: line !== null && unitIds.includes(line) ? line : null,
    hours: (JUSTIFICATION_HOURS as readonly number[]).includes(hours) ? hours : JUSTIFICATION_DEFAULT_HOURS,
  };
}

/** The URL's parameters with this scope, the defaults left out (a bookmark of the page stays short). */
export function withScope(search: URLSearchParams, scope: JustificationScope): URLSearchParams {
  const next = new URLSearchParams(search);
  if (scope.unitId) next.set('line', scope.unitId);
  else next.delete('line');
  if (scope.hours !== JUSTIFICATION_DEFAULT_HOURS) next.set('hours', String(scope.hours));
  else next.delete('hours');
  return next;
}

/** Lower case without accents: "nettoyage" finds "Nettoyage", "arret" finds "Arrêt". */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

export interface ReasonGroup {
  category: string;
  reasons: DowntimeReasonRef[];
}

/**
 * The factory's reasons as the picker lists them: by category, each in alphabetical order, keeping those
 * whose name or category holds every word searched for (in any order, accents and case ignored).
 */
export function reasonGroups(reasons: readonly DowntimeReasonRef[], search: string, locale: string): ReasonGroup[] {
  const words = folded(search).split(/\s+/).filter((word) => word !== '');
  const compare = new Intl.Collator(locale, { sensitivity: 'base', numeric: true }).compare;
  const groups = new Map<string, DowntimeReasonRef[]>();
  for (const reason of reasons) {
    const text = folded(`${reason.name} ${reason.category}`);
    if (!words.every((word) => text.includes(word))) continue;
    const group = groups.get(reason.category) ?? [];
    group.push(reason);
    groups.set(reason.category, group);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => compare(a, b))
    .map(([category, list]) => ({ category, reasons: list.sort((a, b) => compare(a.name, b.name)) }));
}

/** Newest first, as the api sends them; kept so when a change's answer replaces a downtime in the list. */
export function newestFirst(downtimes: readonly JustifiableDowntime[]): JustifiableDowntime[] {
  return [...downtimes].sort((a, b) => Date.parse(b.start_time) - Date.parse(a.start_time));
}

/** The list with one downtime replaced by the api's answer about it. */
export function withDowntime(downtimes: readonly JustifiableDowntime[], changed: JustifiableDowntime): JustifiableDowntime[] {
  return downtimes.map((downtime) => (downtime.id === changed.id ? changed : downtime));
}

/**
 * The change that gave the downtime the person's reasons on screen: the newest justify or split not
 * undone (an undo restores the state before the change it undid, made by an earlier one). Null when
 * the downtime has no person's reason.
 */
export function reasonsChange(downtime: JustifiableDowntime): JustificationChange | null {
  if (downtime.parts.length === 0) return null;
  return downtime.changes.find((change) => !change.undone && (change.action === 'justify' || change.action === 'split')) ?? null;
}

/** Whether the downtime has a change the api can undo. */
export function canUndo(downtime: JustifiableDowntime): boolean {
  return downtime.changes.some((change) => !change.undone && change.action !== 'undo');
}

/** The end of a downtime as far as it goes: its end, or now for a line still stopped. */
export function downtimeEnd(downtime: Pick<JustifiableDowntime, 'end_time'>, now: DateTime): DateTime {
  return downtime.end_time === null ? now : DateTime.fromISO(downtime.end_time);
}

/**
 * A time of day typed in the factory's zone ("10:20" or "10:20:30") as the instant inside the downtime
 * it names, for a split; null when it does not parse or no day of the downtime has it strictly inside
 * (a split at the very start or end would leave an empty part). A downtime across midnight is searched
 * day by day from its start.
 */
export function splitInstant(time: string, downtime: Pick<JustifiableDowntime, 'start_time' | 'end_time'>, zone: string, now: DateTime = DateTime.now()): string | null {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(time.trim());
  if (!match) return null;
  const [hour, minute, second] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return null;
  const start = DateTime.fromISO(downtime.start_time, { zone });
  const end = downtimeEnd(downtime, now).setZone(zone);
  for (let day = start.startOf('day'); day <= end; day = day.plus({ days: 1 })) {
    const at = day.set({ hour, minute, second, millisecond: 0 });
    if (at > start && at < end) return at.toUTC().toISO();
  }
  return null;
}

/** The middle of a downtime as a time of day in the factory's zone, to the minute: where a split field starts. */
export function middleTime(downtime: Pick<JustifiableDowntime, 'start_time' | 'end_time'>, zone: string, now: DateTime = DateTime.now()): string {
  const start = DateTime.fromISO(downtime.start_time, { zone });
  const end = downtimeEnd(downtime, now).setZone(zone);
  const middle = start.plus({ milliseconds: Math.max(0, end.diff(start).toMillis()) / 2 });
  const minute = middle.startOf('minute');
  // A downtime shorter than two minutes has no whole minute inside it: its middle to the second.
  return (minute > start ? minute : middle).toFormat(minute > start ? 'HH:mm' : 'HH:mm:ss');
}

/**
 * Idempotency keys of a page's changes (decision 50): one random key per action, the same one while
 * that very action is retried after a failure (the first attempt may have reached the api although its
 * answer was lost), a new one once it succeeded or when the action differs (another reason typed after
 * an error is a new action, which must not be answered with the first one's result).
 */
export class IdempotencyKeys {
  private readonly pending = new Map<string, string>();

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  keyFor(request: JustificationRequest): string {
    const action = actionOf(request);
    const key = this.pending.get(action) ?? this.newKey();
    this.pending.set(action, key);
    return key;
  }

  /** The action succeeded: doing it again later is a new action. */
  settled(request: JustificationRequest): void {
    this.pending.delete(actionOf(request));
  }
}

function actionOf(request: JustificationRequest): string {
  return JSON.stringify(Object.entries(request).sort(([a], [b]) => (a < b ? -1 : 1)));
}

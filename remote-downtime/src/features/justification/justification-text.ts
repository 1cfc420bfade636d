import { DateTime } from 'luxon';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { formatDuration } from '@linepulse/shared';
import type { DowntimeReasonRef, JustifiableDowntime, JustificationChange, JustificationPart } from '@linepulse/contracts';

export interface JustificationText {
  /** An instant in the factory's zone: its time alone today, with its day otherwise (the page looks up to a week back). */
  instant(iso: string, seconds?: boolean): string;
  /** "10:00:00 to 10:20:00 (20 min)", or "Since 10:00:00, still stopped (5 min so far)". */
  span(downtime: JustifiableDowntime): string;
  /** "Cleaning (Hygiene)". */
  reason(reason: DowntimeReasonRef): string;
  /** "10:00:00 to 10:15:00: Cleaning (Hygiene)". */
  part(part: JustificationPart): string;
  /** The reasons of a person's parts: one name, or each part with its times. */
  parts(parts: readonly JustificationPart[]): string;
  /** What a change of the audit list did, in words. */
  change(change: JustificationChange): string;
}

/** The words and instants of the justification page, in the user's language and the factory's time zone. */
export function useJustificationText(zone: string): JustificationText {
  const intl = useIntl();
  return useMemo(() => {
    const locale = intl.locale;
    const now = DateTime.now().setZone(zone);
    const instant = (iso: string, seconds = true): string => {
      const at = DateTime.fromISO(iso, { zone }).setLocale(locale);
      // Time and day formatted apart: together, Intl wrote a French hour without its leading zero.
      const time = at.toLocaleString(seconds ? DateTime.TIME_WITH_SECONDS : DateTime.TIME_SIMPLE);
      if (at.hasSame(now, 'day')) return time;
      const day = at.toLocaleString({ weekday: 'short', day: 'numeric', month: 'short', ...(at.year === now.year ? {} : { year: 'numeric' }) });
      return `${day} ${time}`;
    };
    const reason = (r: DowntimeReasonRef): string => intl.formatMessage({ id: 'downtime.justify.reason' }, { name: r.name, category: r.category });
    const part = (p: JustificationPart): string =>
      p.to === null
        ? intl.formatMessage({ id: 'downtime.justify.partToEnd' }, { from: instant(p.from), reason: reason(p.reason) })
        : intl.formatMessage({ id: 'downtime.justify.part' }, { from: instant(p.from), to: instant(p.to), reason: reason(p.reason) });
    const parts = (list: readonly JustificationPart[]): string => {
      if (list.length === 0) return intl.formatMessage({ id: 'downtime.justify.change.none' });
      const [only] = list;
      return list.length === 1 && only ? reason(only.reason) : new Intl.ListFormat(locale, { type: 'conjunction' }).format(list.map(part));
    };
    return {
      instant,
      span: (downtime) => {
        const duration = formatDuration(locale, downtime.duration_ms);
        return downtime.end_time === null
          ? intl.formatMessage({ id: 'downtime.justify.since' }, { start: instant(downtime.start_time), duration })
          : intl.formatMessage({ id: 'downtime.justify.span' }, { start: instant(downtime.start_time), end: instant(downtime.end_time), duration });
      },
      reason,
      part,
      parts,
      change: (change) => {
        switch (change.action) {
          case 'justify':
          case 'split':
            return intl.formatMessage({ id: `downtime.justify.change.${change.action}` }, { reasons: parts(change.parts) });
          case 'comment':
            return change.comment
              ? intl.formatMessage({ id: 'downtime.justify.change.comment' }, { comment: change.comment })
              : intl.formatMessage({ id: 'downtime.justify.change.commentRemoved' });
          case 'undo':
            return intl.formatMessage({ id: 'downtime.justify.change.undo' });
        }
      },
    };
  }, [intl, zone]);
}

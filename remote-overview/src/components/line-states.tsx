import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useEffect, useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import type { Factory, UnitStateNow } from '@linepulse/contracts';
import { formatDuration, queryView, Section } from '@linepulse/shared';
import { unitStatesQuery } from '../api/get-unit-states';
import { TEST_IDS } from '../test-ids';

const useStyles = makeStyles({
  list: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, margin: 0, padding: 0, listStyleType: 'none' },
  line: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    minWidth: '150px',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    borderLeftWidth: '6px',
    borderLeftStyle: 'solid',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  running: { borderLeftColor: tokens.colorPaletteGreenBorderActive },
  stopped: { borderLeftColor: tokens.colorPaletteRedBorderActive },
  unknown: { borderLeftColor: tokens.colorNeutralStroke1 },
  // Outside its shifts a stopped line is not down (its time is not counted): no alarm colour.
  idle: { borderLeftColor: tokens.colorNeutralStrokeAccessible },
  name: { fontWeight: tokens.fontWeightSemibold },
  state: { fontSize: tokens.fontSizeBase300 },
  large: { fontSize: tokens.fontSizeBase500, minWidth: '220px' },
});

/** A minute's tick: "stopped for 12 min" moves on between two changes. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * When a state began, in the factory's time: the time alone today, with the weekday in the last week
 * (a line stopped since Friday evening, seen on Monday), with the date before that.
 */
export function sinceText(since: DateTime, now: number): string {
  const today = DateTime.fromMillis(now, { zone: since.zone }).startOf('day');
  if (since >= today) return since.toLocaleString(DateTime.TIME_SIMPLE);
  if (since >= today.minus({ days: 6 })) return since.toLocaleString({ weekday: 'short', hour: 'numeric', minute: '2-digit' });
  return since.toLocaleString({ month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/**
 * Nothing is announced when a shift starts or ends, and a line stopped at the end of its shift sends
 * nothing more: the states are asked for again once the first line's shift has changed.
 */
function useRefetchAtShiftChange(factoryId: string, units: readonly UnitStateNow[]): void {
  const client = useQueryClient();
  const changesAt = Math.min(...units.map((unit) => (unit.shift_changes_at ? Date.parse(unit.shift_changes_at) : Infinity)));
  useEffect(() => {
    if (!Number.isFinite(changesAt)) return undefined;
    // A second after the change, so that the server, asked again, is past it too.
    const timer = setTimeout(() => void client.invalidateQueries({ queryKey: unitStatesQuery(factoryId).queryKey }), Math.max(0, changesAt - Date.now()) + 1000);
    return () => clearTimeout(timer);
  }, [client, factoryId, changesAt]);
}

export interface LineStatesProps {
  factory: Factory;
  /** Polling while the live stream is down; none while it is live. */
  refetchMs?: number;
  large?: boolean;
}

/**
 * Each line's state now (issue 25): running, stopped since when and for how long, or no data yet; the
 * colour is doubled by the words, so it reads without it (and on a screen reader). A line outside its
 * work shifts says so, and a stop then is drawn without the alarm colour: it is no downtime.
 */
export function LineStates({ factory, refetchMs, large = false }: LineStatesProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const now = useMinuteClock();
  const states = queryView(useQuery(unitStatesQuery(factory.id, refetchMs)));
  const byId = new Map((states.data?.units ?? []).map((unit) => [unit.production_unit_id, unit]));
  useRefetchAtShiftChange(factory.id, states.data?.units ?? []);

  const describeState = (unit: UnitStateNow | undefined): string => {
    if (!unit || unit.state === 'unknown') return intl.formatMessage({ id: 'overview.lineStates.unknown' });
    if (!unit.since) return intl.formatMessage({ id: `overview.lineStates.${unit.state}` });
    const since = DateTime.fromISO(unit.since, { zone: factory.timezone }).setLocale(intl.locale);
    return intl.formatMessage(
      { id: `overview.lineStates.${unit.state}Since` },
      { time: sinceText(since, now), duration: formatDuration(intl.locale, Math.max(0, now - since.toMillis())) },
    );
  };
  const describe = (unit: UnitStateNow | undefined): string =>
    unit && unit.state !== 'unknown' && !unit.in_shift
      ? intl.formatMessage({ id: 'overview.lineStates.outsideShifts' }, { state: describeState(unit) })
      : describeState(unit);

  const title = intl.formatMessage({ id: 'overview.lineStates.title' });
  return (
    <Section title={title} loading={states.loading} error={states.error} onRetry={states.reload} large={large}>
      <ul className={styles.list} aria-label={title} data-testid={TEST_IDS.lineStates}>
        {factory.production_units.map((line) => {
          const unit = byId.get(line.id);
          const state = unit?.state ?? 'unknown';
          const idle = state === 'stopped' && unit?.in_shift === false;
          return (
            <li
              key={line.id}
              className={mergeClasses(styles.line, idle ? styles.idle : styles[state], large && styles.large)}
              data-state={state}
              data-in-shift={unit ? String(unit.in_shift) : undefined}
              data-line={line.name}
            >
              <span className={styles.name}>{line.name}</span>
              <span className={styles.state}>{describe(unit)}</span>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

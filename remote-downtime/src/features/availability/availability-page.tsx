import { Button, MessageBar, MessageBarActions, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { DateTime } from 'luxon';
import { useCallback, useEffect, useMemo, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import {
  exportFileName,
  factoryGroupOf,
  FactoryPageFrame,
  FilterDrawer,
  INTERVALS,
  IntervalPicker,
  intervalReason,
  noIntervalMessage,
  intervalState,
  periodFileLabel,
  PeriodPicker,
  periodRequest,
  periodWindow,
  queryView,
  Section,
  selectionAtom,
  SelectionToolbar,
  TopCauses,
  topDowntimeReasonsQuery,
  unavailablePeriodOptions,
  useCustomPeriods,
  usePeriod,
  useSessionReady,
  useLiveUpdates,
  liveRefetchMs,
  LiveStatusBadge,
  type Interval,
  preloadChart,
} from '@linepulse/shared';
import type { AnalyticsWindow, Factory, UnitSelection } from '@linepulse/contracts';
import { downtimeDurationsQuery } from '../../api/post-downtime-durations';
import { downtimesInfoQuery } from '../../api/post-downtimes-info';
import { downtimesIntervalQuery } from '../../api/post-downtimes-info-interval';
import { downtimesSummaryQuery } from '../../api/post-downtimes-summary';
import { focusFromSearch, withFocus, type Focus } from '../../model/focus';
import { columnLabel, heatmapOf, type HeatmapCell } from '../../model/heatmap';
import { inFactoryOrder, sumDowntimeMeasures } from '../../model/unit-totals';
import { DowntimeList } from './downtime-list';
import { DowntimeSummaryView, summaryIsEmpty } from './downtime-summary';
import { DurationsHistogram } from './durations-histogram';
import { HEATMAP_MODULES, HeatmapChart } from './heatmap-chart';
import { UnitDowntime } from './unit-downtime';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 480px), 1fr))', gap: tokens.spacingHorizontalL },
  note: { margin: 0, color: tokens.colorNeutralForeground2 },
});

/** The heatmap's interval the user picked, kept in the URL like the narrowing (null: the default for the period's length). */
function pickedInterval(search: URLSearchParams): Interval | null {
  const value = search.get('interval');
  return INTERVALS.find((interval) => interval === value) ?? null;
}

/** /:factoryId/availability-downtime: heatmap, top 5 causes, per-unit table and graph, summary, durations and the downtime list. */
export function AvailabilityPage(): ReactElement {
  const intl = useIntl();
  return (
    <FactoryPageFrame title={intl.formatMessage({ id: 'downtime.availability.title' })} description={intl.formatMessage({ id: 'downtime.availability.description' })}>
      {(factory) => <AvailabilityContent factory={factory} />}
    </FactoryPageFrame>
  );
}

function AvailabilityContent({ factory }: { factory: Factory }): ReactElement {
  const intl = useIntl();
  // The heatmap's Highcharts module is fetched with the page's data, not after it.
  useEffect(() => preloadChart(HEATMAP_MODULES), []);
  const styles = useStyles();
  const { ready } = useSessionReady();
  const customPeriods = useCustomPeriods();
  const [period, setPeriod] = usePeriod();
  const selection = useAtomValue(selectionAtom);
  const [search, setSearch] = useSearchParams();
  const group = useMemo(() => factoryGroupOf(factory, selection), [factory, selection]);
  const focus = focusFromSearch(search, factory.production_units.map((unit) => unit.id));
  const setFocus = useCallback((next: Focus | null) => setSearch(withFocus(search, next)), [search, setSearch]);
  const picked = pickedInterval(search);
  const setPicked = (interval: Interval): void => {
    const next = new URLSearchParams(search);
    next.set('interval', interval);
    setSearch(next);
  };

  // The window: the period, or the heatmap cell the page is narrowed to (explicit instants).
  const periodWin = periodWindow(period, factory, customPeriods);
  const windowOfPage = focus
    ? { start: DateTime.fromISO(focus.start, { zone: factory.timezone }), end: DateTime.fromISO(focus.end, { zone: factory.timezone }) }
    : periodWin;
  const windowRequest: AnalyticsWindow = focus ? { start: focus.start, end: focus.end } : periodRequest(period);
  const interval = intervalState(picked, windowOfPage, factory);
  const fileName = exportFileName('availability-downtime', factory.name, focus ? `${focus.start.slice(0, 13)}` : periodFileLabel(period, periodWin, factory));
  const unitIds = focus ? [focus.unitId] : (group?.production_unit_ids ?? []);
  const body: UnitSelection = {
    ...windowRequest,
    production_unit_ids: unitIds,
    ...(group?.work_shift_ids ? { work_shift_ids: group.work_shift_ids } : {}),
    ...(group?.product_ids ? { product_ids: group.product_ids } : {}),
  };
  const enabled = ready && unitIds.length > 0;
  // Live (issue 25): the factory's changes refetch what they touch; while the stream is down, every 30 s.
  const liveStatus = useLiveUpdates([factory.id]);
  const refetchInterval = liveRefetchMs(liveStatus) ?? false;

  const units = queryView(useQuery({ ...downtimesInfoQuery(body), enabled, refetchInterval }));
  const heat = queryView(
    useQuery({ ...downtimesIntervalQuery({ ...body, ...(interval.interval ? { interval: interval.interval } : {}) }), enabled: enabled && interval.interval !== null, refetchInterval }),
  );
  const causes = queryView(useQuery({ ...topDowntimeReasonsQuery({ ...body, limit: 5 }), enabled, refetchInterval }));
  const summary = queryView(useQuery({ ...downtimesSummaryQuery(body), enabled, refetchInterval }));
  const durations = queryView(useQuery({ ...downtimeDurationsQuery(body), enabled, refetchInterval }));

  const heatmap = useMemo(() => heatmapOf(heat.data ?? []), [heat.data]);
  const unitRows = useMemo(() => inFactoryOrder(units.data ?? [], factory.production_units.map((u) => u.id)), [units.data, factory]);
  const total = useMemo(() => sumDowntimeMeasures(unitRows), [unitRows]);
  const onSelect = useCallback((cell: HeatmapCell) => setFocus({ unitId: cell.unitId, start: cell.column.start, end: cell.column.end }), [setFocus]);

  const planned = (causes.data ?? []).filter((r) => r.is_planned);
  const unplanned = (causes.data ?? []).filter((r) => !r.is_planned);
  const heatTitle = intl.formatMessage({ id: 'downtime.heatmap.title' });
  const noScheduled = units.data !== undefined && total.in_production === 0;
  const focusUnit = focus ? factory.production_units.find((u) => u.id === focus.unitId)?.name ?? '' : '';
  const focusInterval = focus && interval.interval ? columnLabel({ start: focus.start, end: focus.end }, interval.interval, factory.timezone, intl.locale) : '';

  if (factory.production_units.length === 0) {
    return <Section title={heatTitle} empty emptyMessage={intl.formatMessage({ id: 'downtime.noLines' })} />;
  }

  return (
    <>
      <SelectionToolbar>
        <PeriodPicker
          value={period}
          onChange={(next) => {
            setFocus(null);
            setPeriod(next);
          }}
          unavailable={unavailablePeriodOptions(factory, customPeriods)}
        />
        <FilterDrawer factories={[factory]} />
        <IntervalPicker state={interval} onChange={setPicked} />
        <LiveStatusBadge status={liveStatus} />
      </SelectionToolbar>
      {focus ? (
        // Layout 'auto': the button stays beside the sentence and moves under it only when it does not fit
        // (multiline put it on a row of its own below a one-line sentence).
        <MessageBar intent="info">
          <MessageBarBody>{intl.formatMessage({ id: 'downtime.focus.message' }, { unit: focusUnit, interval: focusInterval })}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => setFocus(null)}>{intl.formatMessage({ id: 'downtime.focus.clear' })}</Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      {!interval.interval ? (
        <Section title={heatTitle}>
          <p className={styles.note} role="note">
            {noIntervalMessage(intl, interval) ?? intl.formatMessage({ id: 'error.heatmapNotAllowed' })}
          </p>
        </Section>
      ) : (
        <Section
          title={heatTitle}
          loading={heat.loading}
          error={heat.error}
          onRetry={heat.reload}
          empty={heat.data !== undefined && heatmap.cells.every((cell) => cell.availability === null)}
          emptyMessage={intl.formatMessage({ id: 'downtime.heatmap.empty' })}
        >
          {interval.pickRefused ? (
            <p className={styles.note} role="note">
              {intl.formatMessage(
                { id: 'interval.refused' },
                { reason: intervalReason(intl, interval.pickRefused), interval: intl.formatMessage({ id: `interval.${interval.interval ?? 'day'}` }).toLowerCase() },
              )}
            </p>
          ) : null}
          {interval.interval ? (
            <HeatmapChart
              title={heatTitle}
              heatmap={heatmap}
              interval={interval.interval}
              zone={factory.timezone}
              fileName={`${fileName}_heatmap`}
              onSelect={onSelect}
            />
          ) : null}
        </Section>
      )}
      <div className={styles.grid}>
        {[
          { id: 'planned', title: intl.formatMessage({ id: 'downtime.top.planned' }), reasons: planned },
          { id: 'unplanned', title: intl.formatMessage({ id: 'downtime.top.unplanned' }), reasons: unplanned },
        ].map((part) => (
          <Section
            key={part.id}
            title={part.title}
            loading={causes.loading}
            error={causes.error}
            onRetry={causes.reload}
            empty={causes.data !== undefined && part.reasons.length === 0}
            emptyMessage={intl.formatMessage({ id: 'downtime.top.none' })}
          >
            <TopCauses title={part.title} reasons={part.reasons} fileName={`${fileName}_top-${part.id}`} />
          </Section>
        ))}
      </div>
      <Section
        title={intl.formatMessage({ id: 'downtime.units.title' })}
        loading={units.loading}
        error={units.error}
        onRetry={units.reload}
        empty={noScheduled}
        emptyMessage={intl.formatMessage({ id: 'downtime.units.empty' })}
      >
        <UnitDowntime rows={unitRows} total={total} fileName={fileName} />
      </Section>
      <div className={styles.grid}>
        <Section
          title={intl.formatMessage({ id: 'downtime.summary.title' })}
          loading={summary.loading}
          error={summary.error}
          onRetry={summary.reload}
          empty={summary.data !== undefined && summaryIsEmpty(summary.data)}
          emptyMessage={intl.formatMessage({ id: 'downtime.list.empty' })}
        >
          {summary.data ? <DowntimeSummaryView summary={summary.data} fileName={fileName} /> : null}
        </Section>
        <Section
          title={intl.formatMessage({ id: 'downtime.durations.title' })}
          loading={durations.loading}
          error={durations.error}
          onRetry={durations.reload}
          empty={durations.data !== undefined && durations.data.count === 0}
          emptyMessage={intl.formatMessage({ id: 'downtime.list.empty' })}
        >
          {durations.data ? <DurationsHistogram durations={durations.data} fileName={fileName} /> : null}
        </Section>
      </div>
      <DowntimeList filter={body} zone={factory.timezone} fileName={fileName} enabled={enabled} refetchInterval={refetchInterval} />
    </>
  );
}

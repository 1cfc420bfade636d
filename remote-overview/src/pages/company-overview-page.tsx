import { makeStyles, tokens } from '@fluentui/react-components';
import { useAtom, useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, type ReactElement, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import {
  AppLink,
  DataTable,
  durationColumn,
  EmptyState,
  ErrorState,
  exportFileName,
  FilterDrawer,
  groupsAreDisjoint,
  groupsOf,
  IntervalPicker,
  intervalReason,
  noIntervalMessage,
  intervalState,
  LoadingState,
  PageFrame,
  periodFileLabel,
  PeriodPicker,
  periodRequest,
  periodWindow,
  queryView,
  Section,
  selectedFactoryIdsAtom,
  selectionAtom,
  SelectionToolbar,
  unavailablePeriodOptions,
  useCustomPeriods,
  useFactories,
  usePeriod,
  useSessionReady,
  type DataColumn,
  type PeriodSelection,
  type QueryView,
} from '@linepulse/shared';
import {
  countedOnceGroups,
  rollUpKpis,
  routePath,
  type Factory,
  type FactoryCalendar,
  type Kpis,
  type KpisByGroupsResponse,
  type KpisByGroupsRequest,
} from '@linepulse/contracts';
import { kpisByGroupsQuery } from '../api/post-kpis-by-groups';
import { useEarlyQuery } from '../api/use-early-query';
import { indicatorColumns, occurrencesColumn } from '../components/indicator-columns';
import { FactoryPicker } from '../components/factory-picker';
import { FittedTable } from '../components/fitted-table';
import { ComparisonChart, IntervalChart, TrendChart } from '../components/kpi-charts';
import { KpiSelector } from '../components/kpi-selector';
import { KpiTiles, type TileObjective } from '../components/kpi-tiles';
import { OpportunitiesPanel, useOverviewOpportunities } from '../components/opportunities-panel';
import { KPI_IDS, downtimeMs, isEmptyTotal, objectiveOf, type KpiId } from '../model/kpis';
import { intervalAtom, kpiAtom } from '../model/overview-state';
import { useDeferredView } from '../model/query-view';
import { chosenFactories, overviewMainRequest } from './company-overview-request';
import { DATA_DRAWN_MARK } from '../test-ids';

export const useOverviewStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 480px), 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  note: { margin: 0, color: tokens.colorNeutralForeground2 },
});

/** Before the factories are known: charts are empty then, any calendar labels nothing. */
const UTC_CALENDAR: FactoryCalendar = { timezone: 'UTC', production_day_minutes_from_midnight: 0, week_first_day: 'monday', year_first_month: 'january' };

/** Marks the moment the page's first figures are on screen (the budget measure reads it). */
function useDataDrawnMark(drawn: boolean): void {
  useEffect(() => {
    if (!drawn || typeof performance?.getEntriesByName !== 'function' || performance.getEntriesByName(DATA_DRAWN_MARK).length > 0) return;
    performance.mark(DATA_DRAWN_MARK);
  }, [drawn]);
}

/** /company-overview: every factory (or comparison group) of the company, for the chosen period and KPI. */
export function CompanyOverviewPage({ actions, large = false }: { actions?: ReactNode; large?: boolean }): ReactElement {
  const intl = useIntl();
  const factories = useFactories();
  const { factoriesReady, factoriesFailed, ready } = useSessionReady();
  const title = intl.formatMessage({ id: 'overview.company.title' });
  let content: ReactNode;
  if (factoriesFailed) content = <ErrorState message={intl.formatMessage({ id: 'state.error.message' })} />;
  else if (!factoriesReady) content = <LoadingState />;
  else if (factories.length === 0) content = <EmptyState title={intl.formatMessage({ id: 'overview.company.empty' })} />;
  else content = <CompanyOverview factories={factories} ready={ready} large={large} />;
  return (
    <PageFrame
      title={title}
      description={intl.formatMessage({ id: 'overview.company.description' })}
      actions={
        <>
          {actions}
          {factoriesReady && factories.length > 0 ? <FilterDrawer factories={factories} /> : null}
        </>
      }
    >
      {content}
    </PageFrame>
  );
}

interface GroupRow {
  id: string;
  name: string;
  factory: Factory | undefined;
  kpis: Kpis;
}

interface GroupFigures {
  results: KpisByGroupsResponse['groups'];
  rows: GroupRow[];
  /** The selection's total; undefined while a counted-once total is still to come. */
  total: Kpis | undefined;
  /** Answered, and nothing was scheduled or produced. */
  empty: boolean;
}

/** The figures of the groups' answer (and of the counted-once groups' when groups share lines). */
function figuresOf(main: KpisByGroupsResponse | undefined, once: KpisByGroupsResponse | undefined, disjoint: boolean, factories: Factory[]): GroupFigures {
  const results = main?.groups ?? [];
  const rows = results.map((group, index) => ({ id: `${index}|${group.name}`, name: group.name, factory: factories.find((f) => f.id === group.factory_id), kpis: group.total }));
  const onceTotals = once?.groups.map((g) => g.total);
  const total =
    results.length === 1 ? results[0]?.total : results.length > 1 ? (disjoint ? rollUpKpis(results.map((g) => g.total)) : onceTotals && rollUpKpis(onceTotals)) : undefined;
  const empty = results.length > 0 && results.every((g) => isEmptyTotal(g.total));
  return { results, rows, total, empty };
}

function CompanyOverview({ factories, ready, large }: { factories: Factory[]; ready: boolean; large: boolean }): ReactElement {
  const intl = useIntl();
  const styles = useOverviewStyles();
  const customPeriods = useCustomPeriods();
  const [period, setPeriod] = usePeriod();
  const [kpi, setKpi] = useAtom(kpiAtom);
  const [pickedInterval, setPickedInterval] = useAtom(intervalAtom);
  const [selectedIds, setSelectedIds] = useAtom(selectedFactoryIdsAtom);
  const selection = useAtomValue(selectionAtom);

  const chosen = useMemo(() => chosenFactories(factories, selectedIds), [factories, selectedIds]);
  const calendar = chosen[0] ?? factories[0];
  const window = calendar ? periodWindow(period, calendar, customPeriods) : null;
  const interval = intervalState(pickedInterval, window, calendar ?? null);
  const groups = useMemo(() => groupsOf(selection, chosen), [selection, chosen]);
  const fileName = exportFileName('company-overview', chosen.length === factories.length ? 'all-factories' : chosen.map((f) => f.name).join('-'), periodFileLabel(period, window, calendar ?? null));
  const kpiName = intl.formatMessage({ id: `overview.kpi.${kpi}` });
  // Each group's buckets are in its own factory's calendar (decision 0038).
  const calendarOf = useCallback((factoryId: string): FactoryCalendar => factories.find((f) => f.id === factoryId) ?? calendar ?? UTC_CALENDAR, [factories, calendar]);

  const windowRequest = periodRequest(period);
  // The same request the start-up's prefetch asks (company-overview-request.ts): the query joins it.
  const main = overviewMainRequest(period, groups);
  const mainQuery = queryView(useEarlyQuery({ ...kpisByGroupsQuery(main), enabled: ready && groups.length > 0 }));
  // Without an interval ("Not allowed") nothing is asked (`enabled` is false); the body only names the query.
  const byInterval: KpisByGroupsRequest = { ...windowRequest, groups, ...(interval.interval ? { interval: interval.interval } : {}) };
  const intervalQuery = queryView(useEarlyQuery({ ...kpisByGroupsQuery(byInterval), enabled: ready && groups.length > 0 && interval.interval !== null }));
  const opportunities = useOverviewOpportunities(
    windowRequest,
    selection.kind === 'factories' && chosen.length === factories.length ? undefined : [...new Set(groups.flatMap((g) => g.production_unit_ids))],
    ready,
  );
  useDataDrawnMark(mainQuery.data !== undefined);

  const disjoint = groupsAreDisjoint(groups);
  // Comparison groups that share a line each keep their figures; adding them up would count that line
  // twice, so the total adds up groups that count every line and shift once instead.
  const onceGroups = useMemo(() => (disjoint ? [] : countedOnceGroups(groups)), [disjoint, groups]);
  const onceQuery = queryView(useEarlyQuery({ ...kpisByGroupsQuery({ ...windowRequest, groups: onceGroups }), enabled: ready && onceGroups.length > 0 }));
  // The tiles are the page's first figures: they render with the answers; the charts, the table, the
  // interval and the opportunities follow once the browser has painted the tiles (useDeferredView).
  const tiles = figuresOf(mainQuery.data, onceQuery.data, disjoint, factories);
  const laterMain = useDeferredView(mainQuery);
  const laterOnce = useDeferredView(onceQuery);
  const { results, rows, total, empty } = figuresOf(laterMain.data, laterOnce.data, disjoint, factories);
  const laterInterval = useDeferredView(intervalQuery);
  const laterOpportunities = useDeferredView(opportunities);
  // One objective when every factory shown shares it; otherwise say they differ (none is not the truth).
  const objectiveFor = (id: KpiId): TileObjective => {
    const values = [...new Set(tiles.rows.map((row) => objectiveOf(row.factory, id)))];
    if (values.length === 1) return values[0] ?? null;
    return values.some((value) => value !== null) ? 'differs' : null;
  };
  const objectives = Object.fromEntries(KPI_IDS.map((id) => [id, objectiveFor(id)])) as Record<KpiId, TileObjective>;

  const columns: DataColumn<GroupRow>[] = [
    {
      id: 'name',
      header: intl.formatMessage({ id: 'overview.comparison.group' }),
      text: (row) => row.name,
    },
    {
      id: 'factory',
      header: intl.formatMessage({ id: 'overview.comparison.factory' }),
      text: (row) => row.factory?.name ?? '',
      render: (row) =>
        row.factory ? (
          <AppLink
            to={routePath('factoryDashboard', { factoryId: row.factory.id })}
            aria-label={intl.formatMessage({ id: 'overview.factory.openDashboard' }, { factory: row.factory.name })}
          >
            {row.factory.name}
          </AppLink>
        ) : (
          ''
        ),
    },
    ...indicatorColumns<GroupRow>(intl, (row) => row.kpis),
    durationColumn<GroupRow>(intl, 'downtime', intl.formatMessage({ id: 'overview.kpi.downtime' }), (row) => downtimeMs(row.kpis)),
    occurrencesColumn<GroupRow>(intl, (row) => row.kpis),
  ];
  const footer: GroupRow | undefined =
    total && results.length > 1 ? { id: 'total', name: intl.formatMessage({ id: 'overview.company.total' }), factory: undefined, kpis: total } : undefined;

  const sectionState = { loading: laterMain.loading, error: laterMain.error, onRetry: mainQuery.reload, empty };
  // The tiles and the table's total wait for the counted-once total too.
  const reloadTotals = (): void => {
    mainQuery.reload();
    onceQuery.reload();
  };
  const tilesState = { loading: mainQuery.loading || onceQuery.loading, error: mainQuery.error ?? onceQuery.error, onRetry: reloadTotals, empty: tiles.empty };
  const tableState = { ...sectionState, loading: laterMain.loading || laterOnce.loading, error: laterMain.error ?? laterOnce.error, onRetry: reloadTotals };
  const noLines = groups.length === 0;

  return (
    <>
      <SelectionToolbar>
        <FactoryPicker factories={factories} value={chosen.map((f) => f.id)} onChange={setSelectedIds} />
        <PeriodPicker value={period} onChange={(next: PeriodSelection) => setPeriod(next)} unavailable={unavailablePeriodOptions(calendar, customPeriods)} />
        <IntervalPicker state={interval} onChange={setPickedInterval} />
      </SelectionToolbar>
      <KpiSelector value={kpi} onChange={setKpi} />
      {noLines ? (
        <EmptyState title={intl.formatMessage({ id: 'overview.company.noLines' })} />
      ) : (
        <>
          <Section title={intl.formatMessage({ id: 'overview.tiles.title' })} {...tilesState}>
            <KpiTiles kpis={tiles.total} objectives={objectives} tiles={KPI_IDS} selected={kpi} large={large} />
          </Section>
          <div className={styles.grid}>
            <Section title={intl.formatMessage({ id: 'overview.trend.title' }, { kpi: kpiName })} hideTitle {...sectionState}>
              <TrendChart
                title={intl.formatMessage({ id: 'overview.trend.title' }, { kpi: kpiName })}
                kpi={kpi}
                fileName={`${fileName}_trend`}
                groups={results}
                calendar={calendar ?? UTC_CALENDAR}
              />
            </Section>
            <Section title={intl.formatMessage({ id: 'overview.comparison.title' }, { kpi: kpiName })} hideTitle {...sectionState}>
              <ComparisonChart
                title={intl.formatMessage({ id: 'overview.comparison.title' }, { kpi: kpiName })}
                kpi={kpi}
                fileName={`${fileName}_comparison`}
                rows={rows.map((row) => ({ name: row.name, kpis: row.kpis, objective: objectiveOf(row.factory, kpi) }))}
                objectiveName={intl.formatMessage({ id: 'overview.dashboard.objectives' })}
              />
            </Section>
          </div>
          <Section title={intl.formatMessage({ id: 'overview.comparison.table' })} hideTitle {...tableState}>
            <FittedTable label={intl.formatMessage({ id: 'overview.comparison.table' })}>
              <DataTable
                title={intl.formatMessage({ id: 'overview.comparison.table' })}
                columns={columns}
                rows={rows}
                rowKey={(row) => row.id}
                footer={footer}
                fileName={`${fileName}_comparison`}
              />
            </FittedTable>
          </Section>
          <IntervalSection
            kpi={kpi}
            kpiName={kpiName}
            state={interval}
            query={laterInterval}
            fileName={fileName}
            calendarOf={calendarOf}
          />
          <OpportunitiesPanel query={laterOpportunities} factories={chosen} fileName={fileName} />
        </>
      )}
    </>
  );
}

function IntervalSection({
  kpi,
  kpiName,
  state,
  query,
  fileName,
  calendarOf,
}: {
  kpi: KpiId;
  kpiName: string;
  state: ReturnType<typeof intervalState>;
  query: QueryView<KpisByGroupsResponse>;
  fileName: string;
  calendarOf: (factoryId: string) => FactoryCalendar;
}): ReactElement {
  const intl = useIntl();
  const styles = useOverviewStyles();
  const intervalName = state.interval ? intl.formatMessage({ id: `interval.${state.interval}` }).toLowerCase() : '';
  const title = state.interval
    ? intl.formatMessage({ id: 'interval.title' }, { kpi: kpiName, interval: intervalName })
    : intl.formatMessage({ id: 'interval.label' });
  if (!state.interval) {
    return (
      <Section title={title}>
        <p className={styles.note} role="note">
          {noIntervalMessage(intl, state) ?? intl.formatMessage({ id: 'error.heatmapNotAllowed' })}
        </p>
      </Section>
    );
  }
  const refused = state.pickRefused ? intervalReason(intl, state.pickRefused) : null;
  return (
    <Section title={title} hideTitle loading={query.loading} error={query.error} onRetry={query.reload}>
      {refused ? (
        <p className={styles.note} role="note">
          {intl.formatMessage({ id: 'interval.refused' }, { reason: refused, interval: intervalName })}
        </p>
      ) : null}
      <IntervalChart
        title={title}
        kpi={kpi}
        fileName={`${fileName}_by-${state.interval}`}
        groups={query.data?.groups ?? []}
        interval={state.interval}
        calendarOf={calendarOf}
      />
    </Section>
  );
}

import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { TvRegular } from '@fluentui/react-icons';
import { useSearchParams } from 'react-router-dom';
import { useAtom, useAtomValue } from 'jotai';
import { useMemo, type ReactElement, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import {
  DataTable,
  durationColumn,
  exportFileName,
  FactoryPageFrame,
  FilterDrawer,
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
  useFactories,
  useLiveUpdates,
  liveRefetchMs,
  LiveStatusBadge,
  type LiveStatus,
  usePeriod,
  useSessionReady,
  useUser,
  type DataColumn,
  type TopDowntimeReasonsRequest,
} from '@linepulse/shared';
import {
  type Factory,
  type Kpis,
  type KpisByGroupsRequest,
  type ProductionUnitSummary,
} from '@linepulse/contracts';
import { kpisByGroupsQuery } from '../api/post-kpis-by-groups';
import { useEarlyQuery } from '../api/use-early-query';
import { FittedTable } from '../components/fitted-table';
import { TrendChart } from '../components/kpi-charts';
import { TvScreen } from '../components/tv-screen';
import { LineStates } from '../components/line-states';
import { indicatorColumns, occurrencesColumn } from '../components/indicator-columns';
import { productionColumns, productionTotals, type ProductionTotals } from '../components/production-columns';
import { KpiSelector } from '../components/kpi-selector';
import { KpiTiles } from '../components/kpi-tiles';
import { INDICATOR_IDS, KPI_IDS, isEmptyTotal, objectiveOf, type KpiId } from '../model/kpis';
import { kpiAtom } from '../model/overview-state';
import { useDeferredView } from '../model/query-view';
import { useOverviewStyles } from './company-overview-page';
import { dashboardFactoryRequest, dashboardGroups } from './factory-dashboard-request';

const useStyles = makeStyles({
  causes: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export interface DashboardContentProps {
  factory: Factory;
  /** TV mode: large type, no controls. */
  large?: boolean;
  /** Polling, while the live stream is down (none while it is live: changes refetch what they touch). */
  refreshMs?: number;
  /** The live stream's state, shown beside the controls (the TV shows it in its own bar). */
  liveStatus?: LiveStatus;
  /** Controls above the figures (period, filters); none in TV mode. */
  controls?: boolean;
}

interface LineRow {
  id: string;
  name: string;
  unit: ProductionUnitSummary | undefined;
  kpis: Kpis;
  /** The total row's production, added up only where the lines share their unit. */
  totals?: ProductionTotals;
}

/** KPI tiles, trend, production overview table and top causes of one factory. */
export function DashboardContent({ factory, large = false, refreshMs, liveStatus, controls = true }: DashboardContentProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const overview = useOverviewStyles();
  const { ready } = useSessionReady();
  const customPeriods = useCustomPeriods();
  const [period, setPeriod] = usePeriod();
  const [kpi, setKpi] = useAtom(kpiAtom);
  const selection = useAtomValue(selectionAtom);
  const { factoryGroup, lineGroups } = useMemo(() => dashboardGroups(factory, selection), [factory, selection]);
  const window = periodWindow(period, factory, customPeriods);
  const fileName = exportFileName('dashboard', factory.name, periodFileLabel(period, window, factory));
  const windowRequest = periodRequest(period);
  const enabled = ready && factoryGroup !== null;

  // The same request the start-up's prefetch asks (factory-dashboard-request.ts): the query joins it.
  const factoryBody = dashboardFactoryRequest(period, factoryGroup);
  const factoryQuery = queryView(useEarlyQuery({ ...kpisByGroupsQuery(factoryBody, refreshMs), enabled }));
  const linesBody: KpisByGroupsRequest = { ...windowRequest, groups: lineGroups };
  const linesQuery = queryView(useEarlyQuery({ ...kpisByGroupsQuery(linesBody, refreshMs), enabled }));
  // Without a factory group nothing is asked (`enabled` is false); the body only names the query.
  const causesBody: TopDowntimeReasonsRequest = {
    ...windowRequest,
    production_unit_ids: factoryGroup?.production_unit_ids ?? [],
    ...(factoryGroup?.work_shift_ids ? { work_shift_ids: factoryGroup.work_shift_ids } : {}),
    ...(factoryGroup?.product_ids ? { product_ids: factoryGroup.product_ids } : {}),
    limit: 5,
  };
  const causesQuery = queryView(useEarlyQuery({ ...topDowntimeReasonsQuery(causesBody, refreshMs), enabled }));

  // The tiles are the page's first figures: they render with the answer; the chart, the tables and the
  // causes follow once the browser has painted the tiles (useDeferredView).
  const group = factoryQuery.data?.groups[0];
  const laterFactory = useDeferredView(factoryQuery);
  const laterLines = useDeferredView(linesQuery);
  const laterCauses = useDeferredView(causesQuery);
  const laterGroup = laterFactory.data?.groups[0];
  const objectives = Object.fromEntries(KPI_IDS.map((id) => [id, objectiveOf(factory, id)])) as Record<KpiId, number | null>;
  const kpiName = intl.formatMessage({ id: `overview.kpi.${kpi}` });
  const trendTitle = intl.formatMessage({ id: 'overview.trend.title' }, { kpi: kpiName });
  const empty = group !== undefined && isEmptyTotal(group.total);

  const rows: LineRow[] = (laterLines.data?.groups ?? []).map((g, index) => {
    const unitId = lineGroups[index]?.production_unit_ids[0];
    return { id: unitId ?? String(index), name: g.name, unit: factory.production_units.find((u) => u.id === unitId), kpis: g.total };
  });
  const footer: LineRow | undefined = laterGroup
    ? {
        id: 'total',
        name: intl.formatMessage({ id: 'overview.dashboard.allLines' }),
        unit: undefined,
        kpis: laterGroup.total,
        totals: productionTotals(rows.map((row) => ({ unit: row.unit, good: row.kpis.good }))),
      }
    : undefined;
  const columns: DataColumn<LineRow>[] = [
    { id: 'line', header: intl.formatMessage({ id: 'overview.dashboard.line' }), text: (row) => row.name },
    ...indicatorColumns<LineRow>(intl, (row) => row.kpis),
    ...productionColumns<LineRow>(intl, (row) => ({ line: { unit: row.unit, good: row.kpis.good }, totals: row.totals })),
    ...(['planned', 'unplanned', 'unjustified'] as const).map((type) =>
      durationColumn<LineRow>(intl, type, intl.formatMessage({ id: `overview.dashboard.${type}` }), (row) => row.kpis[`${type}_downtime_ms`]),
    ),
    occurrencesColumn<LineRow>(intl, (row) => row.kpis),
  ];

  const planned = (laterCauses.data ?? []).filter((r) => r.is_planned);
  const unplanned = (laterCauses.data ?? []).filter((r) => !r.is_planned);
  const laterEmpty = laterGroup !== undefined && isEmptyTotal(laterGroup.total);
  const chartHeight = large ? 420 : 320;

  let body: ReactNode;
  if (factory.production_units.length === 0) {
    body = <Section title={intl.formatMessage({ id: 'overview.tiles.title' })} empty emptyMessage={intl.formatMessage({ id: 'overview.dashboard.noLines' })} />;
  } else {
    body = (
      <>
        <LineStates factory={factory} large={large} {...(refreshMs !== undefined ? { refetchMs: refreshMs } : {})} />
        <Section title={intl.formatMessage({ id: 'overview.tiles.title' })} loading={factoryQuery.loading} error={factoryQuery.error} onRetry={factoryQuery.reload} empty={empty} large={large}>
          <KpiTiles kpis={group?.total} objectives={objectives} tiles={large ? INDICATOR_IDS : KPI_IDS} selected={kpi} large={large} />
        </Section>
        <div className={overview.grid}>
          <Section title={trendTitle} hideTitle loading={laterFactory.loading} error={laterFactory.error} onRetry={factoryQuery.reload} empty={laterEmpty}>
            {controls ? <KpiSelector value={kpi} onChange={setKpi} /> : null}
            <TrendChart
              title={trendTitle}
              kpi={kpi}
              fileName={`${fileName}_trend`}
              groups={laterGroup ? [laterGroup] : []}
              calendar={factory}
              large={large}
              height={chartHeight}
            />
          </Section>
          <Section
            title={intl.formatMessage({ id: 'overview.dashboard.topUnplanned' })}
            loading={laterCauses.loading}
            error={laterCauses.error}
            onRetry={causesQuery.reload}
            empty={laterCauses.data !== undefined && unplanned.length === 0}
            emptyMessage={intl.formatMessage({ id: 'overview.dashboard.noCauses' })}
            large={large}
          >
            <div className={styles.causes}>
              <TopCauses title={intl.formatMessage({ id: 'overview.dashboard.topUnplanned' })} reasons={unplanned} fileName={`${fileName}_top-unplanned`} large={large} />
            </div>
          </Section>
        </div>
        <Section
          title={intl.formatMessage({ id: 'overview.dashboard.productionOverview' })}
          loading={laterLines.loading || laterFactory.loading}
          error={laterLines.error ?? laterFactory.error}
          onRetry={() => {
            linesQuery.reload();
            factoryQuery.reload();
          }}
          large={large}
        >
          <FittedTable label={intl.formatMessage({ id: 'overview.dashboard.productionOverview' })} dense={!large}>
            <DataTable
              title={intl.formatMessage({ id: 'overview.dashboard.productionOverview' })}
              hideCaption
              columns={columns}
              rows={rows}
              rowKey={(row) => row.id}
              footer={footer}
              fileName={`${fileName}_production-overview`}
              large={large}
            />
          </FittedTable>
        </Section>
        <Section
          title={intl.formatMessage({ id: 'overview.dashboard.topPlanned' })}
          loading={laterCauses.loading}
          error={laterCauses.error}
          onRetry={causesQuery.reload}
          empty={laterCauses.data !== undefined && planned.length === 0}
          emptyMessage={intl.formatMessage({ id: 'overview.dashboard.noCauses' })}
          large={large}
        >
          <TopCauses title={intl.formatMessage({ id: 'overview.dashboard.topPlanned' })} reasons={planned} fileName={`${fileName}_top-planned`} large={large} />
        </Section>
      </>
    );
  }

  return (
    <>
      {controls ? (
        <SelectionToolbar>
          <PeriodPicker value={period} onChange={setPeriod} unavailable={unavailablePeriodOptions(factory, customPeriods)} />
          <FilterDrawer factories={[factory]} />
          {liveStatus ? <LiveStatusBadge status={liveStatus} /> : null}
        </SelectionToolbar>
      ) : null}
      {body}
    </>
  );
}

/** The dashboard of one factory, following its changes live (polling while the stream is down). */
function LiveDashboard({ factory }: { factory: Factory }): ReactElement {
  const liveStatus = useLiveUpdates([factory.id]);
  return <DashboardContent factory={factory} refreshMs={liveRefetchMs(liveStatus)} liveStatus={liveStatus} />;
}

/** /:factoryId/dashboard; `?tv=1` (presenter role) is the full-window TV mode, `&rotate=1` rotates factories. */
export function FactoryDashboardPage(): ReactElement {
  const intl = useIntl();
  const user = useUser();
  const factories = useFactories();
  const [search, setSearch] = useSearchParams();
  const presenter = user?.role === 'presenter';
  const tv = presenter && search.get('tv') === '1';
  const setTv = (on: boolean, rotate = search.get('rotate') === '1'): void => {
    const next = new URLSearchParams(search);
    if (on) next.set('tv', '1');
    else next.delete('tv');
    if (on && rotate) next.set('rotate', '1');
    else next.delete('rotate');
    setSearch(next);
    // A wall display also wants the browser's full screen; refused without a user gesture, which is fine.
    if (on && !document.fullscreenElement) void document.documentElement.requestFullscreen?.().catch(() => undefined);
    if (!on && document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
  };
  return (
    <FactoryPageFrame
      title={intl.formatMessage({ id: 'overview.dashboard.title' })}
      actions={
        presenter ? (
          <Button icon={<TvRegular />} appearance="primary" onClick={() => setTv(true)}>
            {intl.formatMessage({ id: 'overview.tv.open' })}
          </Button>
        ) : undefined
      }
    >
      {(factory) =>
        tv ? (
          <TvScreen
            factories={factories}
            startFactoryId={factory.id}
            rotate={search.get('rotate') === '1'}
            onRotateChange={(rotate) => setTv(true, rotate)}
            onExit={() => setTv(false)}
          >
            {(shown, liveStatus) => <DashboardContent factory={shown} large refreshMs={liveRefetchMs(liveStatus)} controls={false} />}
          </TvScreen>
        ) : (
          <LiveDashboard factory={factory} />
        )
      }
    </FactoryPageFrame>
  );
}


import { makeStyles, tokens } from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import {
  EmptyState,
  PageFrame,
  PeriodPicker,
  Section,
  SelectionToolbar,
  exportFileName,
  periodFileLabel,
  periodRequest,
  periodWindow,
  queryView,
  unavailablePeriodOptions,
  useCustomPeriods,
  useFactories,
  useNotifier,
  useNotifyError,
  usePeriod,
  useSessionReady,
  useUser,
} from '@linepulse/shared';
import type { Factory, OpportunityUnitRequest } from '@linepulse/contracts';
import { opportunityTargetsQuery, putOpportunityTarget } from '../../api/opportunity-targets';
import { opportunityUnitQuery } from '../../api/post-opportunity-unit';
import { choiceFromSearch, withChoice, type Choice } from '../../model/choice';
import { hasUnitTarget, PAGE_KINDS, type PageKind } from '../../model/kinds';
import { ChoicePicker } from './choice-picker';
import { OccurrencesList } from './occurrences-list';
import { OpportunityBreakdowns } from './opportunity-breakdowns';
import { DistributionChart, TrendChart } from './opportunity-charts';
import { OpportunitySummary } from './opportunity-summary';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 480px), 1fr))', gap: tokens.spacingHorizontalL },
});

/**
 * A performance-manager page (product §2, issue 14). Its factory, production line and (planned downtime)
 * reason are query parameters: opened without them, the page asks for them and writes the choice into
 * the URL, so every view can be bookmarked and shared.
 */
export function opportunityPage(kind: PageKind): ComponentType {
  function OpportunityPage(): ReactElement {
    const intl = useIntl();
    const factories = useFactories();
    const [search, setSearch] = useSearchParams();
    const draft = choiceFromSearch(search, factories);
    const factory = factories.find((f) => f.id === draft.factoryId);
    const unit = factory?.production_units.find((u) => u.id === draft.productionUnitId);
    const title = intl.formatMessage({ id: `opportunities.${kind}.title` });
    return (
      <PageFrame title={[title, factory?.name, unit?.name].filter(Boolean).join(' — ')} description={intl.formatMessage({ id: `opportunities.${kind}.description` })}>
        <OpportunityContent kind={kind} factories={factories} search={search} setSearch={setSearch} />
      </PageFrame>
    );
  }
  OpportunityPage.displayName = `OpportunityPage(${kind})`;
  return OpportunityPage;
}

interface ContentProps {
  kind: PageKind;
  factories: Factory[];
  search: URLSearchParams;
  setSearch: (next: URLSearchParams) => void;
}

function OpportunityContent({ kind, factories, search, setSearch }: ContentProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const user = useUser();
  const financial = !!user?.is_financial_admin;
  const { ready } = useSessionReady();
  const customPeriods = useCustomPeriods();
  const [period, setPeriod] = usePeriod();
  const notifier = useNotifier();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const planned = kind === 'plannedDowntimes';

  const factoryId = choiceFromSearch(search, factories).factoryId;
  const targets = queryView(useQuery({ ...opportunityTargetsQuery(factoryId ?? ''), enabled: ready && factoryId !== null }));
  const reasons = targets.data?.planned_reasons;
  const choice = choiceFromSearch(search, factories, planned ? reasons?.map((r) => r.id) : []);
  const factory = factories.find((f) => f.id === choice.factoryId) ?? null;
  const onChoice = (next: Partial<Choice>): void => setSearch(withChoice(search, choice, next));

  const periodWin = factory ? periodWindow(period, factory, customPeriods) : null;
  const request: OpportunityUnitRequest | null =
    factory && choice.productionUnitId
      ? {
          ...periodRequest(period),
          factory_id: factory.id,
          production_unit_id: choice.productionUnitId,
          kind: PAGE_KINDS[kind].kind,
          ...(planned && choice.downtimeReasonId ? { downtime_reason_id: choice.downtimeReasonId } : {}),
        }
      : null;
  const enabled = ready && request !== null && (!planned || targets.data !== undefined);
  const unitView = queryView(useQuery({ ...opportunityUnitQuery(request ?? ({} as OpportunityUnitRequest)), enabled }));
  const data = unitView.data;
  const unitName = factory?.production_units.find((u) => u.id === choice.productionUnitId)?.name;
  const fileName = exportFileName(PAGE_KINDS[kind].fileName, factory?.name, unitName, factory ? periodFileLabel(period, periodWin, factory) : null);

  const saveTarget = useMutation({
    mutationFn: (seconds: number | null) =>
      putOpportunityTarget({ factory_id: factory!.id, production_unit_id: choice.productionUnitId!, kind: PAGE_KINDS[kind].kind as 'shift_changes', target_seconds: seconds }),
    onSuccess: async (_result, seconds) => {
      notifier.success(intl.formatMessage({ id: seconds === null ? 'opportunities.target.cleared' : 'opportunities.target.saved' }));
      await Promise.all(['opportunity-unit', 'opportunity-occurrences', 'opportunity-targets', 'opportunities'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
    },
    onError: notifyError,
  });
  const editTarget =
    hasUnitTarget(kind) && targets.data?.can_edit
      ? {
          onSave: async (seconds: number | null) => {
            await saveTarget.mutateAsync(seconds).catch(() => undefined);
          },
          saving: saveTarget.isPending,
        }
      : undefined;

  const toolbar = (
    <SelectionToolbar>
      <ChoicePicker factories={factories} choice={choice} onChange={onChoice} {...(planned ? { reasons: reasons ?? [] } : {})} />
      <PeriodPicker value={period} onChange={setPeriod} unavailable={unavailablePeriodOptions(factory ?? undefined, customPeriods)} />
    </SelectionToolbar>
  );
  if (!factory || !choice.productionUnitId) {
    return (
      <>
        {toolbar}
        <EmptyState
          title={intl.formatMessage({ id: 'opportunities.choice.promptTitle' })}
          description={intl.formatMessage({ id: factory && factory.production_units.length === 0 ? 'opportunities.choice.noUnits' : 'opportunities.choice.prompt' })}
        />
      </>
    );
  }
  const empty = data !== undefined && data.summary.occurrences === 0;
  const sectionState = { loading: unitView.loading || (planned && targets.loading), error: unitView.error ?? targets.error, onRetry: unitView.error ? unitView.reload : targets.reload };
  return (
    <>
      {toolbar}
      <Section title={intl.formatMessage({ id: 'opportunities.summary.title' })} {...sectionState}>
        {data ? <OpportunitySummary data={data} financial={financial} {...(editTarget ? { editTarget } : {})} /> : null}
      </Section>
      <div className={styles.grid}>
        <Section title={intl.formatMessage({ id: 'opportunities.distribution.title' })} {...sectionState} empty={empty} emptyMessage={intl.formatMessage({ id: 'opportunities.summary.empty' })}>
          {data && !empty ? <DistributionChart data={data} fileName={fileName} /> : null}
        </Section>
        <Section title={intl.formatMessage({ id: 'opportunities.trend.title' })} {...sectionState}>
          {data ? <TrendChart data={data} fileName={fileName} /> : null}
        </Section>
      </div>
      <Section title={intl.formatMessage({ id: 'opportunities.breakdown.title' })} {...sectionState} empty={empty} emptyMessage={intl.formatMessage({ id: 'opportunities.summary.empty' })}>
        {data && !empty ? <OpportunityBreakdowns data={data} weekFirstDay={factory.week_first_day} fileName={fileName} /> : null}
      </Section>
      {request ? <OccurrencesList key={JSON.stringify(request)} request={request} financial={financial} fileName={fileName} enabled={enabled} /> : null}
    </>
  );
}

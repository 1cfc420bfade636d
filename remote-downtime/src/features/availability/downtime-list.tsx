import { Button, Checkbox, Dropdown, Field, Option, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { DataTable, Section, durationColumn, formatNumber, queryView, type DataColumn, type TableSort } from '@linepulse/shared';
import { DOWNTIME_LIST_MAX_LIMIT, DOWNTIME_TYPES, type DowntimeFilter, type DowntimeRow, type DowntimeSortField, type DowntimeType } from '@linepulse/contracts';
import { downtimeListQuery, postDowntimeList } from '../../api/post-downtime-list';

export const DOWNTIME_PAGE_SIZE = 100;
/** Rows per call when exporting the whole list (the api's largest page). */
export const DOWNTIME_EXPORT_PAGE_SIZE = DOWNTIME_LIST_MAX_LIMIT;

const useStyles = makeStyles({
  filters: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalL },
  types: { display: 'flex', flexWrap: 'wrap', border: 0, padding: 0, margin: 0, gap: tokens.spacingHorizontalS },
  legend: { padding: 0, marginBottom: tokens.spacingVerticalXS },
  pager: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  reasons: { minWidth: '220px' },
  scope: { display: 'block', color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200, marginBottom: tokens.spacingVerticalS },
  // Instants, types and shifts on one line; reasons, categories and products wrap instead.
  nowrap: { whiteSpace: 'nowrap' },
  productName: { display: 'block', color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
});

/** Column id → the server's sort field. */
const SORT_FIELDS: Record<string, DowntimeSortField> = {
  unit: 'unit',
  start: 'start',
  end: 'end',
  duration: 'duration',
  type: 'type',
  reasons: 'reason',
  category: 'category',
  shift: 'shift',
  product: 'product',
};

export interface DowntimeListProps {
  /** The page's selection (window, units, shifts, products). */
  filter: DowntimeFilter;
  zone: string;
  fileName: string;
  enabled: boolean;
  /** The page's polling while its live stream is down (false while it is live). */
  refetchInterval?: number | false;
}

/** Every downtime of the selection, sorted, filtered by type and reason and paged on the server. */
export function DowntimeList({ filter, zone, fileName, enabled, refetchInterval = false }: DowntimeListProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const locale = intl.locale;
  const [sort, setSort] = useState<TableSort>({ column: 'start', direction: 'descending' });
  const [offset, setOffset] = useState(0);
  const [types, setTypes] = useState<DowntimeType[]>([...DOWNTIME_TYPES]);
  const [reasonIds, setReasonIds] = useState<string[]>([]);
  const title = intl.formatMessage({ id: 'downtime.list.title' });

  const body = {
    ...filter,
    ...(types.length < DOWNTIME_TYPES.length ? { types } : {}),
    ...(reasonIds.length > 0 ? { reason_ids: reasonIds } : {}),
    sort: { by: SORT_FIELDS[sort.column] ?? 'start', direction: sort.direction === 'ascending' ? ('asc' as const) : ('desc' as const) },
    offset,
    limit: DOWNTIME_PAGE_SIZE,
  };
  const noType = types.length === 0;
  const query = useQuery({ ...downtimeListQuery(body), enabled: enabled && !noType, refetchInterval });
  const view = queryView(query);
  const list = view.data;

  const instant = (iso: string): DateTime => DateTime.fromISO(iso, { zone }).setLocale(locale);
  const thisYear = DateTime.now().setZone(zone).year;
  // The year only when it is not this one ("25/11 17:49:39"), as mail and calendar lists do: with it,
  // start and end took two lines each at 1280 px. The files keep the full instant (`text`).
  const shortTime = (iso: string | null): string => {
    if (iso === null) return intl.formatMessage({ id: 'downtime.list.running' });
    const at = instant(iso);
    // Date and time formatted apart: together, Intl wrote the hour of a French start without its
    // leading zero ("7:31:28") beside an end's "08:44:38".
    return `${at.toLocaleString({ ...(at.year === thisYear ? {} : { year: 'numeric' }), month: 'numeric', day: 'numeric' })} ${at.toLocaleString(DateTime.TIME_WITH_SECONDS)}`;
  };
  const time = (iso: string | null): string =>
    iso === null ? intl.formatMessage({ id: 'downtime.list.running' }) : instant(iso).toLocaleString(DateTime.DATETIME_SHORT_WITH_SECONDS);
  // An end on its start's day shows its time only.
  const shownEnd = (row: DowntimeRow): string =>
    row.end_time !== null && instant(row.end_time).hasSame(instant(row.start_time), 'day') ? instant(row.end_time).toLocaleString(DateTime.TIME_WITH_SECONDS) : shortTime(row.end_time);
  const oneLine = (text: string): ReactElement => <span className={styles.nowrap}>{text}</span>;
  const dash = (value: string | null): string => value ?? '—';
  const columns: DataColumn<DowntimeRow>[] = [
    { id: 'unit', header: intl.formatMessage({ id: 'downtime.units.unit' }), text: (row) => row.production_unit_name, sortable: true },
    { id: 'start', header: intl.formatMessage({ id: 'downtime.list.start' }), text: (row) => time(row.start_time), render: (row) => oneLine(shortTime(row.start_time)), sortable: true },
    { id: 'end', header: intl.formatMessage({ id: 'downtime.list.end' }), text: (row) => time(row.end_time), render: (row) => oneLine(shownEnd(row)), sortable: true },
    { ...durationColumn<DowntimeRow>(intl, 'duration', intl.formatMessage({ id: 'topCauses.duration' }), (row) => row.duration_ms), sortable: true },
    // One downtime's type ("Unplanned"), not the measure's name ("Unplanned downtime") that wrapped in every row.
    {
      id: 'type',
      header: intl.formatMessage({ id: 'downtime.list.type' }),
      text: (row) => intl.formatMessage({ id: `downtime.list.type.${row.type}` }),
      render: (row) => oneLine(intl.formatMessage({ id: `downtime.list.type.${row.type}` })),
      sortable: true,
    },
    { id: 'reasons', header: intl.formatMessage({ id: 'downtime.list.reasons' }), text: (row) => row.reasons.map((r) => r.name).join(', ') || '—', sortable: true },
    { id: 'category', header: intl.formatMessage({ id: 'topCauses.category' }), text: (row) => dash(row.category), sortable: true },
    { id: 'shift', header: intl.formatMessage({ id: 'downtime.list.shift' }), text: (row) => dash(row.shift_name), render: (row) => oneLine(dash(row.shift_name)), sortable: true },
    {
      id: 'product',
      header: intl.formatMessage({ id: 'downtime.list.product' }),
      text: (row) => (row.product_sku ? `${row.product_sku}${row.product_name ? ` — ${row.product_name}` : ''}` : '—'),
      // The code on its line, the name under it in smaller type: run together they took three lines,
      // broken inside the code. The code may still break at a hyphen when nothing else gives, rather
      // than push the table past the panel's width at 1280 px.
      render: (row) =>
        row.product_sku ? (
          <>
            {row.product_sku}
            {row.product_name ? <span className={styles.productName}>{row.product_name}</span> : null}
          </>
        ) : (
          '—'
        ),
      sortable: true,
    },
  ];

  // The files hold every downtime of the selection, as filtered and sorted, not the page shown: read
  // page after page from the api (each call a heavy one there when the selection is large).
  const exportRows = async (): Promise<DowntimeRow[]> => {
    const rows: DowntimeRow[] = [];
    for (let from = 0; ; from += DOWNTIME_EXPORT_PAGE_SIZE) {
      const page = await postDowntimeList({ ...body, offset: from, limit: DOWNTIME_EXPORT_PAGE_SIZE });
      rows.push(...page.items);
      if (page.items.length < DOWNTIME_EXPORT_PAGE_SIZE || rows.length >= page.total) return rows;
    }
  };

  const onSortChange = (column: string): void => {
    setSort((current) =>
      current.column === column ? { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' } : { column, direction: 'ascending' },
    );
    setOffset(0);
  };
  const toggleType = (type: DowntimeType, on: boolean): void => {
    setTypes((current) => (on ? DOWNTIME_TYPES.filter((t) => t === type || current.includes(t)) : current.filter((t) => t !== type)));
    setOffset(0);
  };
  const reasons = list?.reasons ?? [];
  const total = list?.total ?? 0;
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(offset + DOWNTIME_PAGE_SIZE, total);

  return (
    <Section
      title={title}
      loading={view.loading}
      error={view.error}
      onRetry={view.reload}
      empty={list !== undefined && list.total === 0 && types.length === DOWNTIME_TYPES.length && reasonIds.length === 0}
      emptyMessage={intl.formatMessage({ id: 'downtime.list.empty' })}
    >
      {/* The list and the occurrences above count differently (decision 18 and the domain rules): said here, so a supervisor comparing them is not left guessing. */}
      <Text className={styles.scope}>{intl.formatMessage({ id: 'downtime.list.scope' })}</Text>
      <div className={styles.filters}>
        <fieldset className={styles.types}>
          <legend className={styles.legend}>{intl.formatMessage({ id: 'downtime.list.type' })}</legend>
          {DOWNTIME_TYPES.map((type) => (
            <Checkbox key={type} label={intl.formatMessage({ id: `downtime.measure.${type}` })} checked={types.includes(type)} onChange={(_e, data) => toggleType(type, data.checked === true)} />
          ))}
        </fieldset>
        <Field label={intl.formatMessage({ id: 'downtime.list.reasons' })}>
          <Dropdown
            className={styles.reasons}
            multiselect
            placeholder={intl.formatMessage({ id: 'downtime.list.allReasons' })}
            selectedOptions={reasonIds}
            value={reasons.filter((r) => reasonIds.includes(r.id)).map((r) => r.name).join(', ')}
            onOptionSelect={(_e, data) => {
              setReasonIds(data.selectedOptions);
              setOffset(0);
            }}
          >
            {reasons.map((reason) => (
              <Option key={reason.id} value={reason.id} text={reason.name}>
                {`${reason.name} (${reason.category})`}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </div>
      {noType ? (
        <Text role="note">{intl.formatMessage({ id: 'downtime.list.noType' })}</Text>
      ) : (
        <>
          <DataTable
            title={title}
            hideCaption
            columns={columns}
            rows={list?.items ?? []}
            rowKey={(row) => row.id}
            // Named for the selection (page, factory, period), as its rows are all of them.
            fileName={`${fileName}_downtimes`}
            exportRows={exportRows}
            sort={sort}
            onSortChange={onSortChange}
          />
          <nav className={styles.pager} aria-label={intl.formatMessage({ id: 'downtime.list.pages' })}>
            <Button icon={<ChevronLeftRegular />} disabled={offset === 0 || view.refreshing} onClick={() => setOffset(Math.max(0, offset - DOWNTIME_PAGE_SIZE))}>
              {intl.formatMessage({ id: 'downtime.list.previous' })}
            </Button>
            <Text aria-live="polite">{intl.formatMessage(
                { id: 'downtime.list.range' },
                // The platform's spaced thousands ("1 234"), not Intl's "1,234" or "1.234".
                { count: total, first: formatNumber(locale, first), last: formatNumber(locale, last), total: formatNumber(locale, total) },
              )}</Text>
            <Button icon={<ChevronRightRegular />} iconPosition="after" disabled={last >= total || view.refreshing} onClick={() => setOffset(offset + DOWNTIME_PAGE_SIZE)}>
              {intl.formatMessage({ id: 'downtime.list.next' })}
            </Button>
          </nav>
        </>
      )}
    </Section>
  );
}

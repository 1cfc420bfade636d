import { MessageBar, MessageBarBody, MessageBarTitle, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Info } from 'luxon';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { MONTHS, WEEK_DAYS } from '@linepulse/contracts';
import type { ConfigurationDraft } from '../../model/configuration-draft';
import { projectedOee, settingsOf, type SettingsValues } from '../../model/factory-settings-form';

const useStyles = makeStyles({
  list: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalXL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3 },
  detail: { margin: 0, overflowWrap: 'anywhere' },
});

export interface SummaryStepProps {
  values: SettingsValues;
  configuration: ConfigurationDraft;
  creating: boolean;
  /** The change re-derives past figures (calendar, shifts, rates, delays, costs or reasons). */
  altersPast: boolean;
  changed: boolean;
}

/** Everything about to be saved, and what it does to past figures, before the admin saves it. */
export function SummaryStep({ values, configuration, creating, altersPast, changed }: SummaryStepProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const t = (id: string, values?: Record<string, string | number>): string => intl.formatMessage({ id }, values);
  const settings = settingsOf(values);
  const oee = projectedOee(values);
  const minutes = settings.production_day_minutes_from_midnight;
  const rows: [string, string][] = [
    [t('admin.factory.name'), settings.name],
    [t('admin.factory.language'), t(`language.${settings.primary_language}`)],
    [t('admin.factory.timezone'), settings.timezone],
    [t('admin.factory.yearFirstMonth'), Info.months('long', { locale: intl.locale })[MONTHS.indexOf(settings.year_first_month)] ?? ''],
    [t('admin.factory.weekFirstDay'), Info.weekdays('long', { locale: intl.locale })[WEEK_DAYS.indexOf(settings.week_first_day)] ?? ''],
    [t('admin.factory.productionDayStart'), `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`],
    [t('admin.factory.businessDays'), t(settings.is_calendar_day_business_day ? 'admin.factory.yes' : 'admin.factory.no')],
    [t('admin.factory.currency'), settings.currency],
    [
      t('admin.factory.objectives'),
      t('admin.factories.objectivesValue', { availability: values.availability, performance: values.performance, quality: values.quality }),
    ],
    [t('admin.factory.oeeTarget'), oee === null ? t('common.notAvailable') : intl.formatNumber(oee / 100, { style: 'percent', minimumFractionDigits: 2 })],
    [t('admin.factory.step.units'), t('admin.factory.count', { count: configuration.production_units.length })],
    [t('admin.factory.step.shifts'), t('admin.factory.count', { count: configuration.work_shifts.length })],
    [t('admin.factory.step.products'), t('admin.factory.count', { count: configuration.products.length })],
    [t('admin.factory.step.reasons'), t('admin.factory.count', { count: configuration.downtime_reasons.length })],
  ];
  return (
    <>
      {altersPast ? (
        <MessageBar intent="warning">
          <MessageBarBody>
            <MessageBarTitle>{t('admin.factory.altersPastTitle')}</MessageBarTitle>
            {t('admin.factory.altersPastBody')}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {!changed ? <Text>{t('admin.factory.nothingChanged')}</Text> : null}
      {creating ? <Text>{t('admin.factory.createHint')}</Text> : null}
      <dl className={styles.list}>
        {rows.map(([term, detail]) => (
          <div key={term} style={{ display: 'contents' }}>
            <dt className={styles.term}>{term}</dt>
            <dd className={styles.detail}>{detail}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

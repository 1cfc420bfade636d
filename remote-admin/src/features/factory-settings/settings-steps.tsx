import { Field, Input, Select, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { FormikProps } from 'formik';
import { DateTime, Info } from 'luxon';
import { useMemo, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { useCurrencies } from '@linepulse/shared';
import { LANGUAGES, MONTHS, WEEK_DAYS } from '@linepulse/contracts';
import { calendarExample, projectedOee, type SettingsField, type SettingsValues } from '../../model/factory-settings-form';

const useStyles = makeStyles({
  // Items may shrink below their content (a select of long zone names would spill into its neighbour).
  grid: { display: 'grid', gap: tokens.spacingVerticalM, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', maxWidth: '760px', '& > *': { minWidth: 0 } },
  wide: { maxWidth: '520px' },
  // A native select is as wide as its longest option unless told otherwise (400 zone names).
  fill: { width: '100%', minWidth: 0 },
  time: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  example: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    maxWidth: '760px',
    margin: 0,
  },
  term: { fontWeight: tokens.fontWeightSemibold },
  detail: { margin: 0 },
  oee: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
});

export interface SettingsStepProps {
  form: FormikProps<SettingsValues>;
  /** The translated problem of a field, once the admin has left it or tried to go on. */
  problem: (field: SettingsField) => string | undefined;
}

function fieldState(message: string | undefined): { validationMessage?: string; validationState: 'error' | 'none' } {
  return message ? { validationMessage: message, validationState: 'error' } : { validationState: 'none' };
}

/** General: the factory's name and the language its reports and e-mails default to. */
export function GeneralStep({ form, problem }: SettingsStepProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const t = (id: string): string => intl.formatMessage({ id });
  return (
    <div className={styles.wide}>
      <Field label={t('admin.factory.name')} hint={t('admin.factory.nameHint')} required {...fieldState(problem('name'))}>
        <Input name="name" value={form.values.name} onChange={form.handleChange} onBlur={form.handleBlur} autoComplete="off" maxLength={150} />
      </Field>
      <Field label={t('admin.factory.language')} {...fieldState(problem('primary_language'))}>
        <Select name="primary_language" value={form.values.primary_language} onChange={form.handleChange} onBlur={form.handleBlur}>
          {LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {t(`language.${language}`)}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}

/**
 * Every IANA zone the browser knows, with the current value kept even when the list lacks it. A native
 * select: it lists 400 zones without a popup to virtualise, and typing a zone's first letters finds it.
 */
function useTimeZones(current: string): string[] {
  return useMemo(() => {
    const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    // Some browsers list only regional zones; UTC is a common plant choice all the same.
    const zones = known.includes('UTC') ? known : ['UTC', ...known];
    return zones.includes(current) || !current ? zones : [current, ...zones];
  }, [current]);
}

/** Calendar: time zone, year and week starts, production-day start, business days, with a live example. */
export function CalendarStep({ form, problem }: SettingsStepProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const t = (id: string): string => intl.formatMessage({ id });
  const zones = useTimeZones(form.values.timezone);
  const months = Info.months('long', { locale: intl.locale });
  const days = Info.weekdays('long', { locale: intl.locale });
  const example = calendarExample(form.values, DateTime.now());
  const when = (instant: DateTime): string =>
    intl.formatDate(instant.toJSDate(), { dateStyle: 'full', timeStyle: 'short', timeZone: form.values.timezone });
  return (
    <>
      <div className={styles.grid}>
        <Field label={t('admin.factory.timezone')} required {...fieldState(problem('timezone'))}>
          <Select name="timezone" className={styles.fill} select={{ className: styles.fill }} value={form.values.timezone} onChange={form.handleChange} onBlur={form.handleBlur}>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('admin.factory.yearFirstMonth')} {...fieldState(problem('year_first_month'))}>
          <Select name="year_first_month" value={form.values.year_first_month} onChange={form.handleChange} onBlur={form.handleBlur}>
            {MONTHS.map((month, index) => (
              <option key={month} value={month}>
                {months[index]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('admin.factory.weekFirstDay')} {...fieldState(problem('week_first_day'))}>
          <Select name="week_first_day" value={form.values.week_first_day} onChange={form.handleChange} onBlur={form.handleBlur}>
            {WEEK_DAYS.map((day, index) => (
              <option key={day} value={day}>
                {days[index]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <fieldset className={styles.time} style={{ border: 'none', padding: 0, margin: 0 }}>
        <legend>
          <Text weight="semibold">{t('admin.factory.productionDayStart')}</Text>
        </legend>
        <Field label={t('admin.factory.hour')} hint={t('admin.factory.hourHint')} {...fieldState(problem('production_hour'))}>
          <Input name="production_hour" inputMode="numeric" value={form.values.production_hour} onChange={form.handleChange} onBlur={form.handleBlur} />
        </Field>
        <Field label={t('admin.factory.minute')} hint={t('admin.factory.minuteHint')} {...fieldState(problem('production_minute'))}>
          <Input name="production_minute" inputMode="numeric" value={form.values.production_minute} onChange={form.handleChange} onBlur={form.handleBlur} />
        </Field>
      </fieldset>
      <Switch
        label={t('admin.factory.businessDays')}
        checked={form.values.is_calendar_day_business_day}
        onChange={(_event, data) => void form.setFieldValue('is_calendar_day_business_day', data.checked)}
      />
      <section aria-labelledby="calendar-example-heading">
        <h3 id="calendar-example-heading">{t('admin.factory.example')}</h3>
        {example.length === 0 ? (
          <Text>{t('admin.factory.exampleUnavailable')}</Text>
        ) : (
          <dl className={styles.example} aria-live="polite">
            {example.map((item) => (
              <div key={item.option} style={{ display: 'contents' }}>
                <dt className={styles.term}>{t(`admin.factory.example.${item.option}`)}</dt>
                <dd className={styles.detail}>{intl.formatMessage({ id: 'admin.factory.exampleRange' }, { start: when(item.start), end: when(item.end) })}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
    </>
  );
}

/** Money: the currency costs and gains are shown in (GET /currency-list). */
export function MoneyStep({ form, problem }: SettingsStepProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const currencies = useCurrencies();
  const options = currencies.includes(form.values.currency) || !form.values.currency ? currencies : [form.values.currency, ...currencies];
  const displayNames = useMemo(() => new Intl.DisplayNames([intl.locale], { type: 'currency' }), [intl.locale]);
  return (
    <div className={styles.wide}>
      <Field label={intl.formatMessage({ id: 'admin.factory.currency' })} required {...fieldState(problem('currency'))}>
        <Select name="currency" value={form.values.currency} onChange={form.handleChange} onBlur={form.handleBlur}>
          {options.map((code) => (
            <option key={code} value={code}>
              {`${code} — ${displayNames.of(code) ?? code}`}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}

/** Objectives: availability, performance and quality in whole percent, the projected OEE target live. */
export function ObjectivesStep({ form, problem }: SettingsStepProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const t = (id: string): string => intl.formatMessage({ id });
  const oee = projectedOee(form.values);
  return (
    <>
      <div className={styles.grid}>
        {(['availability', 'performance', 'quality'] as const).map((objective) => (
          <Field key={objective} label={t(`admin.factory.objective.${objective}`)} hint={t('admin.factory.objectiveHint')} required {...fieldState(problem(objective))}>
            <Input
              name={objective}
              inputMode="numeric"
              value={form.values[objective]}
              onChange={form.handleChange}
              onBlur={form.handleBlur}
              contentAfter={<Text aria-hidden>%</Text>}
            />
          </Field>
        ))}
      </div>
      <Field label={t('admin.factory.oeeTarget')} {...fieldState(problem('oee'))}>
        <Text className={styles.oee} aria-live="polite">
          {oee === null ? t('common.notAvailable') : intl.formatNumber(oee / 100, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 })}
        </Text>
      </Field>
    </>
  );
}

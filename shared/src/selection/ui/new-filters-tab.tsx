import { Button, Checkbox, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useFormik } from 'formik';
import { useSetAtom } from 'jotai';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import * as yup from 'yup';
import { ErrorState } from '../../ui/error-state';
import { LoadingState } from '../../ui/loading-state';
import { errorMessage } from '../../i18n/translate-api-errors';
import type { FactoryFilterOptions } from '../api/get-factory-filter-options';
import { DOWNTIME_TYPES, type DowntimeType, type Factory } from '@linepulse/contracts';
import { useForgetSavedFilter } from '../saved-filters';
import { selectionAtom, type NewFilters, type Selection } from '../selection';
import { useFilterOptions } from './filter-options';

export const useFilterFormStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  fieldset: { border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingHorizontalM, margin: 0 },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: `0 ${tokens.spacingHorizontalXS}` },
  options: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalM },
  error: { color: tokens.colorPaletteRedForeground1 },
  note: { color: tokens.colorNeutralForeground3 },
  warning: { color: tokens.colorStatusWarningForeground1 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

interface Values {
  lines: string[];
  downtimeTypes: DowntimeType[];
  /** factory id → chosen shift ids. */
  shifts: Record<string, string[]>;
  products: Record<string, string[]>;
}

function initialValues(selection: Selection, factories: Factory[], options: Record<string, FactoryFilterOptions>): Values {
  const allLines = factories.flatMap((f) => f.production_units.map((u) => u.id));
  const ids = (list: { id: string }[]): string[] => list.map((x) => x.id);
  const current = selection.kind === 'filters' ? selection.filters : null;
  return {
    lines: current ? current.production_unit_ids.filter((id) => allLines.includes(id)) : allLines,
    downtimeTypes: current ? current.downtime_types : [...DOWNTIME_TYPES],
    shifts: Object.fromEntries(factories.map((f) => [f.id, current?.work_shift_ids[f.id] ?? ids(options[f.id]?.shifts ?? [])])),
    products: Object.fromEntries(factories.map((f) => [f.id, current?.product_ids[f.id] ?? ids(options[f.id]?.products ?? [])])),
  };
}

/** Product §5: at least one line, downtime type, shift and product (in every factory that has selected lines). */
function schema(factories: Factory[], options: Record<string, FactoryFilterOptions>): yup.ObjectSchema<Values> {
  const used = (values: Values, factory: Factory): boolean => factory.production_units.some((u) => values.lines.includes(u.id));
  const perFactory = (key: 'shifts' | 'products') =>
    yup.object().test(key, `${key}Required`, function check(value) {
      const values = this.parent as Values;
      return factories.every((f) => {
        const list = key === 'shifts' ? options[f.id]?.shifts : options[f.id]?.products;
        if (!used(values, f) || !list || list.length === 0) return true;
        return ((value as Record<string, string[]>)[f.id] ?? []).length > 0;
      });
    });
  return yup.object({
    lines: yup.array(yup.string().required()).min(1, 'linesRequired').required(),
    downtimeTypes: yup.array(yup.mixed<DowntimeType>().oneOf([...DOWNTIME_TYPES]).required()).min(1, 'downtimeTypesRequired').required(),
    shifts: perFactory('shifts') as unknown as yup.Schema<Record<string, string[]>>,
    products: perFactory('products') as unknown as yup.Schema<Record<string, string[]>>,
  }) as unknown as yup.ObjectSchema<Values>;
}

/** Whether the filters select everything (then the plain "whole factories" view is the same thing). */
function selectsEverything(values: Values, factories: Factory[], options: Record<string, FactoryFilterOptions>): boolean {
  const all = (chosen: string[] | undefined, list: { id: string }[] | undefined): boolean => (list ?? []).every((x) => (chosen ?? []).includes(x.id));
  return (
    factories.every((f) => f.production_units.every((u) => values.lines.includes(u.id))) &&
    values.downtimeTypes.length === DOWNTIME_TYPES.length &&
    factories.every((f) => all(values.shifts[f.id], options[f.id]?.shifts) && all(values.products[f.id], options[f.id]?.products))
  );
}

function toFilters(values: Values, factories: Factory[], options: Record<string, FactoryFilterOptions>): NewFilters {
  const narrowed = (key: 'shifts' | 'products'): Record<string, string[]> =>
    Object.fromEntries(
      factories.flatMap((f) => {
        const list = (key === 'shifts' ? options[f.id]?.shifts : options[f.id]?.products) ?? [];
        const chosen = values[key][f.id] ?? [];
        return list.length > 0 && chosen.length < list.length ? [[f.id, chosen]] : [];
      }),
    );
  return { production_unit_ids: values.lines, downtime_types: values.downtimeTypes, work_shift_ids: narrowed('shifts'), product_ids: narrowed('products') };
}

function toggle<T>(list: T[], item: T, on: boolean): T[] {
  return on ? [...list, item] : list.filter((x) => x !== item);
}

/** The drawer's "new filters" tab: lines, downtime types, shifts and products. */
export function NewFiltersTab({ factories, selection, onApplied }: { factories: Factory[]; selection: Selection; onApplied: () => void }): ReactElement {
  const intl = useIntl();
  const options = useFilterOptions(
    factories.map((f) => f.id),
    true,
  );
  if (options.loading) return <LoadingState label={intl.formatMessage({ id: 'filters.loading' })} />;
  if (options.error || !options.data) {
    return <ErrorState message={errorMessage(intl, options.error) || intl.formatMessage({ id: 'state.error.message' })} onRetry={options.reload} />;
  }
  return <NewFiltersForm factories={factories} selection={selection} options={options.data} onApplied={onApplied} />;
}

function NewFiltersForm({
  factories,
  selection,
  options,
  onApplied,
}: {
  factories: Factory[];
  selection: Selection;
  options: Record<string, FactoryFilterOptions>;
  onApplied: () => void;
}): ReactElement {
  const intl = useIntl();
  const styles = useFilterFormStyles();
  const setSelection = useSetAtom(selectionAtom);
  const forgetSavedFilter = useForgetSavedFilter();
  const form = useFormik<Values>({
    initialValues: initialValues(selection, factories, options),
    validationSchema: schema(factories, options),
    onSubmit: (values) => {
      setSelection(selectsEverything(values, factories, options) ? { kind: 'factories' } : { kind: 'filters', filters: toFilters(values, factories, options) });
      forgetSavedFilter();
      onApplied();
    },
  });
  const { values } = form;
  const error = (key: keyof Values): string | null => {
    const e = form.submitCount > 0 ? form.errors[key] : undefined;
    return typeof e === 'string' ? intl.formatMessage({ id: `filters.${e}` }) : null;
  };

  const perFactoryList = (key: 'shifts' | 'products', legendId: string): ReactElement => (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{intl.formatMessage({ id: legendId })}</legend>
      {factories.map((factory) => {
        const list = (key === 'shifts' ? options[factory.id]?.shifts : options[factory.id]?.products) ?? [];
        if (list.length === 0) return null;
        return (
          <div key={factory.id} role="group" aria-label={`${intl.formatMessage({ id: legendId })} — ${factory.name}`}>
            {factories.length > 1 ? <Text weight="semibold">{factory.name}</Text> : null}
            <div className={styles.options}>
              {list.map((item) => (
                <Checkbox
                  key={item.id}
                  label={'sku' in item ? `${item.name} (${item.sku})` : item.name}
                  checked={(values[key][factory.id] ?? []).includes(item.id)}
                  onChange={(_e, data) => void form.setFieldValue(`${key}.${factory.id}`, toggle(values[key][factory.id] ?? [], item.id, !!data.checked))}
                />
              ))}
            </div>
          </div>
        );
      })}
      {error(key) ? (
        <Text role="alert" className={styles.error}>
          {error(key)}
        </Text>
      ) : null}
    </fieldset>
  );

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.handleSubmit();
      }}
    >
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{intl.formatMessage({ id: 'filters.lines' })}</legend>
        {factories.map((factory) => (
          <div key={factory.id} role="group" aria-label={factory.name}>
            {factories.length > 1 ? <Text weight="semibold">{factory.name}</Text> : null}
            <div className={styles.options}>
              {factory.production_units.map((unit) => (
                <Checkbox
                  key={unit.id}
                  label={unit.name}
                  checked={values.lines.includes(unit.id)}
                  onChange={(_e, data) => void form.setFieldValue('lines', toggle(values.lines, unit.id, !!data.checked))}
                />
              ))}
            </div>
          </div>
        ))}
        {error('lines') ? (
          <Text role="alert" className={styles.error}>
            {error('lines')}
          </Text>
        ) : null}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{intl.formatMessage({ id: 'filters.downtimeTypes' })}</legend>
        <div className={styles.options}>
          {DOWNTIME_TYPES.map((type) => (
            <Checkbox
              key={type}
              label={intl.formatMessage({ id: `filters.downtime.${type}` })}
              checked={values.downtimeTypes.includes(type)}
              onChange={(_e, data) => void form.setFieldValue('downtimeTypes', toggle(values.downtimeTypes, type, !!data.checked))}
            />
          ))}
        </div>
        {error('downtimeTypes') ? (
          <Text role="alert" className={styles.error}>
            {error('downtimeTypes')}
          </Text>
        ) : null}
      </fieldset>
      {perFactoryList('shifts', 'filters.shifts')}
      {perFactoryList('products', 'filters.products')}
      <div className={styles.actions}>
        <Button type="submit" appearance="primary">
          {intl.formatMessage({ id: 'filters.apply' })}
        </Button>
        <Button
          onClick={() => {
            setSelection({ kind: 'factories' });
            forgetSavedFilter();
            onApplied();
          }}
        >
          {intl.formatMessage({ id: 'filters.reset' })}
        </Button>
      </div>
    </form>
  );
}

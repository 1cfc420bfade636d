import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Select,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useFormik, getIn } from 'formik';
import { useSetAtom } from 'jotai';
import { useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import * as yup from 'yup';
import { ErrorState } from '../../ui/error-state';
import { LoadingState } from '../../ui/loading-state';
import { errorMessage } from '../../i18n/translate-api-errors';
import { useNotifier } from '../../state/notifier';
import { useNotifyError } from '../../state/use-notify-error';
import { useSavePreferences } from '../../state/preferences';
import {
  SAVED_FILTER_LIMITS,
  nameLength,
  sameNameKey,
  selectionKey,
  sharedLines,
  type Factory,
  type SavedFilter,
  type SavedFilterGroupRow,
} from '@linepulse/contracts';
import type { FactoryFilterOptions } from '../api/get-factory-filter-options';
import { filterGroupsQuery } from '../api/get-filter-groups';
import { savedFiltersQuery } from '../api/get-filters';
import { queryView } from '../../state/query-view';
import { useCreateSavedFilter, useDeleteSavedFilter, useForgetSavedFilter, useUpdateSavedFilter } from '../saved-filters';
import { draftsOf, selectionAtom, type ComparisonGroupDraft, type Selection } from '../selection';
import { useFilterOptions } from './filter-options';
import { useFilterFormStyles } from './new-filters-tab';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  name: { flexGrow: 1, minWidth: '120px' },
  applied: { borderLeft: `4px solid ${tokens.colorBrandStroke1}` },
});

/** The drawer's "saved filters" tab: apply, rename, delete, and create with comparison groups. */
export function SavedFiltersTab({ factories, selection, onApplied }: { factories: Factory[]; selection: Selection; onApplied: () => void }): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const form = useFilterFormStyles();
  const notifier = useNotifier();
  const notifyError = useNotifyError();
  const setSelection = useSetAtom(selectionAtom);
  const savePreferences = useSavePreferences();
  const forgetSavedFilter = useForgetSavedFilter();
  const savedFilters = queryView(useQuery(savedFiltersQuery()));
  const savedGroups = queryView(useQuery(filterGroupsQuery()));
  const updateFilter = useUpdateSavedFilter();
  const deleteFilter = useDeleteSavedFilter();
  const options = useFilterOptions(
    factories.map((f) => f.id),
    true,
  );
  const [renaming, setRenaming] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const [deleting, setDeleting] = useState<SavedFilter | null>(null);
  const [creating, setCreating] = useState(false);
  const appliedId = selection.kind === 'groups' ? selection.savedFilterId : null;

  const apply = (filter: SavedFilter): void => {
    setSelection({ kind: 'groups', groups: draftsOf(filter), savedFilterId: filter.id, savedFilterName: filter.name });
    void savePreferences({ tilelytics: { selected_tilelytics_filter_id: filter.id } });
    notifier.success(intl.formatMessage({ id: 'savedFilters.applied' }, { name: filter.name }));
    onApplied();
  };

  const rename = async (filter: SavedFilter): Promise<void> => {
    const name = newName.trim();
    if (name === '' || nameLength(name) > SAVED_FILTER_LIMITS.nameMax) return;
    try {
      const stored = await updateFilter({ id: filter.id, filter: { name, groups: draftsOf(filter) } });
      notifier.success(intl.formatMessage({ id: 'savedFilters.renamed' }, { name: stored.name }));
      if (appliedId === filter.id) setSelection({ kind: 'groups', groups: draftsOf(stored), savedFilterId: stored.id, savedFilterName: stored.name });
      setRenaming(null);
    } catch (error) {
      notifyError(error);
    }
  };

  const remove = async (filter: SavedFilter): Promise<void> => {
    setDeleting(null);
    try {
      await deleteFilter(filter);
      notifier.success(intl.formatMessage({ id: 'savedFilters.deleted' }, { name: filter.name }));
      if (appliedId === filter.id) {
        setSelection({ kind: 'factories' });
        void savePreferences({ tilelytics: { selected_tilelytics_filter_id: null } });
      }
    } catch (error) {
      notifyError(error);
    }
  };

  if (savedFilters.loading || savedGroups.loading || options.loading) return <LoadingState />;
  const failed = [savedFilters, savedGroups, options].find((list) => list.error || !list.data);
  if (failed) return <ErrorState message={errorMessage(intl, failed.error) || intl.formatMessage({ id: 'state.error.message' })} onRetry={failed.reload} />;
  const filters = savedFilters.data ?? [];
  const groups = savedGroups.data ?? [];
  const filterOptions = options.data ?? {};
  const renameTaken = (filter: SavedFilter): boolean => filters.some((f) => f.id !== filter.id && sameNameKey(f.name) === sameNameKey(newName));

  return (
    <div className={form.form}>
      {filters.length === 0 ? (
        <Text>{intl.formatMessage({ id: 'savedFilters.empty' })}</Text>
      ) : (
        <ul className={styles.list} aria-label={intl.formatMessage({ id: 'savedFilters.list' })}>
          {filters.map((filter) => (
            <li key={filter.id} className={[styles.item, appliedId === filter.id ? styles.applied : ''].join(' ')} aria-label={filter.name}>
              {renaming === filter.id ? (
                <form
                  className={form.actions}
                  onSubmit={(event) => {
                    event.preventDefault();
                    void rename(filter);
                  }}
                >
                  <Field
                    label={intl.formatMessage({ id: 'savedFilters.newName' })}
                    validationState={newName.trim() === '' || nameLength(newName.trim()) > SAVED_FILTER_LIMITS.nameMax || renameTaken(filter) ? 'error' : 'none'}
                    validationMessage={
                      newName.trim() === ''
                        ? intl.formatMessage({ id: 'savedFilters.nameRequired' })
                        : nameLength(newName.trim()) > SAVED_FILTER_LIMITS.nameMax
                          ? intl.formatMessage({ id: 'savedFilters.nameTooLong' }, { max: SAVED_FILTER_LIMITS.nameMax })
                          : renameTaken(filter)
                            ? intl.formatMessage({ id: 'savedFilters.nameDuplicate' }, { name: newName.trim() })
                            : undefined
                    }
                  >
                    <Input value={newName} onChange={(_e, data) => setNewName(data.value)} autoFocus />
                  </Field>
                  <Button type="submit" appearance="primary" disabled={newName.trim() === '' || nameLength(newName.trim()) > SAVED_FILTER_LIMITS.nameMax || renameTaken(filter)}>
                    {intl.formatMessage({ id: 'common.save' })}
                  </Button>
                  <Button onClick={() => setRenaming(null)}>{intl.formatMessage({ id: 'savedFilters.cancel' })}</Button>
                </form>
              ) : (
                <>
                  <span className={styles.name}>
                    <Text weight="semibold" block>
                      {filter.name}
                    </Text>
                    <Text size={200}>{intl.formatMessage({ id: 'savedFilters.groupsCount' }, { count: filter.groups.length })}</Text>
                  </span>
                  <Button appearance="primary" onClick={() => apply(filter)} aria-label={intl.formatMessage({ id: 'savedFilters.apply' }, { name: filter.name })}>
                    {intl.formatMessage({ id: 'filters.apply' })}
                  </Button>
                  <Button
                    onClick={() => {
                      setRenaming(filter.id);
                      setNewName(filter.name);
                    }}
                    aria-label={intl.formatMessage({ id: 'savedFilters.rename' }, { name: filter.name })}
                  >
                    {intl.formatMessage({ id: 'savedFilters.newName' })}
                  </Button>
                  <Button onClick={() => setDeleting(filter)} aria-label={intl.formatMessage({ id: 'savedFilters.delete' }, { name: filter.name })}>
                    {intl.formatMessage({ id: 'common.delete' })}
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {creating ? (
        <NewSavedFilterForm
          factories={factories}
          options={filterOptions}
          filters={filters}
          savedGroups={groups}
          onCancel={() => setCreating(false)}
          onApplyOnly={(drafts) => {
            setSelection({ kind: 'groups', groups: drafts, savedFilterId: null, savedFilterName: null });
            forgetSavedFilter();
            onApplied();
          }}
          onSaved={(filter) => {
            notifier.success(intl.formatMessage({ id: 'savedFilters.created' }, { name: filter.name }));
            setCreating(false);
          }}
        />
      ) : (
        <Button onClick={() => setCreating(true)}>{intl.formatMessage({ id: 'savedFilters.new' })}</Button>
      )}
      <Dialog open={deleting !== null} onOpenChange={(_e, data) => !data.open && setDeleting(null)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{intl.formatMessage({ id: 'savedFilters.confirmDelete' }, { name: deleting?.name ?? '' })}</DialogTitle>
            <DialogContent />
            <DialogActions>
              <Button appearance="primary" onClick={() => deleting && void remove(deleting)}>
                {intl.formatMessage({ id: 'common.delete' })}
              </Button>
              <Button onClick={() => setDeleting(null)}>{intl.formatMessage({ id: 'savedFilters.cancel' })}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}

interface FormValues {
  name: string;
  groups: ComparisonGroupDraft[];
}

/** yup rules of a saved filter, the same the api applies (names, groups, lines, shifts, repeats). */
export function savedFilterSchema(existingNames: string[]): yup.ObjectSchema<FormValues> {
  return yup.object({
    name: yup
      .string()
      .trim()
      .required('nameRequired')
      .test('tooLong', 'nameTooLong', (value) => !value || nameLength(value) <= SAVED_FILTER_LIMITS.nameMax)
      .test('duplicate', 'nameDuplicate', (value) => !value || !existingNames.some((n) => sameNameKey(n) === sameNameKey(value))),
    groups: yup
      .array(
        yup.object({
          name: yup
            .string()
            .trim()
            .required('groupNameRequired')
            .test('tooLong', 'nameTooLong', (value) => !value || nameLength(value) <= SAVED_FILTER_LIMITS.nameMax),
          factory_id: yup.string().required('factoryRequired'),
          production_unit_ids: yup.array(yup.string().required()).min(1, 'linesRequired').required(),
          work_shift_ids: yup.array(yup.string().required()).min(1, 'shiftsRequired').required(),
        }),
      )
      .min(1, 'groupsRequired')
      .required()
      .test('unique-names', function uniqueNames(groups) {
        const list = (groups ?? []) as { name?: string }[];
        const index = list.findIndex((g, i) => !!g?.name?.trim() && list.findIndex((o) => sameNameKey(o?.name ?? '') === sameNameKey(g.name ?? '')) < i);
        return index < 0 ? true : this.createError({ path: `groups.${index}.name`, message: 'groupNameDuplicate' });
      }),
  }) as yup.ObjectSchema<FormValues>;
}

function NewSavedFilterForm({
  factories,
  options,
  filters,
  savedGroups,
  onCancel,
  onApplyOnly,
  onSaved,
}: {
  factories: Factory[];
  options: Record<string, FactoryFilterOptions>;
  filters: SavedFilter[];
  savedGroups: SavedFilterGroupRow[];
  onCancel: () => void;
  onApplyOnly: (groups: ComparisonGroupDraft[]) => void;
  onSaved: (filter: SavedFilter) => void;
}): ReactElement {
  const intl = useIntl();
  const styles = useFilterFormStyles();
  const notifyError = useNotifyError();
  const createFilter = useCreateSavedFilter();
  const newGroup = (): ComparisonGroupDraft => {
    const factory = factories[0];
    return {
      name: '',
      factory_id: factory?.id ?? '',
      production_unit_ids: factory?.production_units.map((u) => u.id) ?? [],
      work_shift_ids: (factory ? options[factory.id]?.shifts ?? [] : []).map((s) => s.id),
    };
  };
  const form = useFormik<FormValues>({
    initialValues: { name: '', groups: [newGroup()] },
    validationSchema: savedFilterSchema(filters.map((f) => f.name)),
    onSubmit: async (values, helpers) => {
      try {
        const filter = await createFilter({ name: values.name.trim(), groups: values.groups.map((g) => ({ ...g, name: g.name.trim() })) });
        onSaved(filter);
      } catch (error) {
        notifyError(error);
      } finally {
        helpers.setSubmitting(false);
      }
    },
  });
  const { values } = form;
  const show = (path: string): string | undefined => {
    const e = form.submitCount > 0 || getIn(form.touched, path) ? (getIn(form.errors, path) as string | undefined) : undefined;
    return typeof e === 'string' ? intl.formatMessage({ id: `savedFilters.${e}` }, { max: SAVED_FILTER_LIMITS.nameMax, name: getIn(values, path) as string }) : undefined;
  };
  // Product §5: a selection that repeats a group of another saved filter (or of this form) can be applied but not saved.
  const savedByKey = new Map(savedGroups.map((g) => [selectionKey(g), g]));
  const repeats = values.groups.map((group, index) => {
    const complete = group.factory_id && group.production_unit_ids.length > 0 && group.work_shift_ids.length > 0;
    if (!complete) return null;
    const key = selectionKey(group);
    const earlier = values.groups.findIndex((g, i) => i < index && selectionKey(g) === key);
    if (earlier >= 0) return intl.formatMessage({ id: 'savedFilters.groupSame' }, { other: earlier + 1 });
    const stored = savedByKey.get(key);
    return stored ? intl.formatMessage({ id: 'savedFilters.groupDuplicate' }, { group: stored.name, filter: stored.filter_name }) : null;
  });
  const blocked = repeats.some((r) => r !== null);
  // Groups may share a line (not blocked: product §5 refuses only a repeated group): say what it means.
  const lineName = new Map(factories.flatMap((f) => f.production_units.map((u) => [u.id, u.name] as const)));
  const shares = values.groups.map((_group, index) => {
    if (repeats[index]) return null;
    const pair = sharedLines(values.groups).find((p) => p.second === index);
    if (!pair) return null;
    const lines = intl.formatList(pair.production_unit_ids.map((id) => lineName.get(id) ?? id), { type: 'conjunction' });
    return intl.formatMessage({ id: 'savedFilters.sharedLines' }, { lines, other: pair.first + 1 });
  });
  const validForApply = values.groups.length > 0 && values.groups.every((g) => g.factory_id && g.production_unit_ids.length > 0);
  const setGroup = (index: number, patch: Partial<ComparisonGroupDraft>): void => {
    void form.setFieldValue(`groups.${index}`, { ...values.groups[index], ...patch });
  };

  return (
    <form
      className={styles.form}
      noValidate
      aria-label={intl.formatMessage({ id: 'savedFilters.new' })}
      onSubmit={(event) => {
        event.preventDefault();
        if (!blocked) form.handleSubmit();
      }}
    >
      <Field label={intl.formatMessage({ id: 'savedFilters.name' })} validationMessage={show('name')} validationState={show('name') ? 'error' : 'none'} required>
        <Input name="name" value={values.name} onChange={form.handleChange} onBlur={form.handleBlur} />
      </Field>
      {values.groups.map((group, index) => {
        const factory = factories.find((f) => f.id === group.factory_id);
        const shifts = factory ? options[factory.id]?.shifts ?? [] : [];
        const position = index + 1;
        return (
          <fieldset key={index} className={styles.fieldset} aria-label={intl.formatMessage({ id: 'savedFilters.group' }, { position })}>
            <legend className={styles.legend}>{intl.formatMessage({ id: 'savedFilters.group' }, { position })}</legend>
            <Field
              label={intl.formatMessage({ id: 'savedFilters.groupName' })}
              validationMessage={show(`groups.${index}.name`)}
              validationState={show(`groups.${index}.name`) ? 'error' : 'none'}
              required
            >
              <Input name={`groups.${index}.name`} value={group.name} onChange={form.handleChange} onBlur={form.handleBlur} />
            </Field>
            <Field label={intl.formatMessage({ id: 'savedFilters.factory' })} validationMessage={show(`groups.${index}.factory_id`)}>
              <Select
                value={group.factory_id}
                onChange={(_e, data) => {
                  const next = factories.find((f) => f.id === data.value);
                  setGroup(index, {
                    factory_id: data.value,
                    production_unit_ids: next?.production_units.map((u) => u.id) ?? [],
                    work_shift_ids: (next ? options[next.id]?.shifts ?? [] : []).map((s) => s.id),
                  });
                }}
              >
                {factories.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                  </option>
                ))}
              </Select>
            </Field>
            <div role="group" aria-label={intl.formatMessage({ id: 'savedFilters.lines' })}>
              <Text weight="semibold">{intl.formatMessage({ id: 'savedFilters.lines' })}</Text>
              <div className={styles.options}>
                {(factory?.production_units ?? []).map((unit) => (
                  <Checkbox
                    key={unit.id}
                    label={unit.name}
                    checked={group.production_unit_ids.includes(unit.id)}
                    onChange={(_e, data) =>
                      setGroup(index, {
                        production_unit_ids: data.checked ? [...group.production_unit_ids, unit.id] : group.production_unit_ids.filter((id) => id !== unit.id),
                      })
                    }
                  />
                ))}
              </div>
              {show(`groups.${index}.production_unit_ids`) ? <Text role="alert" className={styles.error}>{show(`groups.${index}.production_unit_ids`)}</Text> : null}
            </div>
            <div role="group" aria-label={intl.formatMessage({ id: 'savedFilters.shifts' })}>
              <Text weight="semibold">{intl.formatMessage({ id: 'savedFilters.shifts' })}</Text>
              <div className={styles.options}>
                {shifts.map((shift) => (
                  <Checkbox
                    key={shift.id}
                    label={shift.name}
                    checked={group.work_shift_ids.includes(shift.id)}
                    onChange={(_e, data) =>
                      setGroup(index, { work_shift_ids: data.checked ? [...group.work_shift_ids, shift.id] : group.work_shift_ids.filter((id) => id !== shift.id) })
                    }
                  />
                ))}
              </div>
              {show(`groups.${index}.work_shift_ids`) ? <Text role="alert" className={styles.error}>{show(`groups.${index}.work_shift_ids`)}</Text> : null}
            </div>
            {repeats[index] ? (
              <Text role="alert" className={styles.error}>
                {repeats[index]}
              </Text>
            ) : null}
            {shares[index] ? (
              <Text role="status" className={styles.warning}>
                {shares[index]}
              </Text>
            ) : null}
            {values.groups.length > 1 ? (
              <Button
                onClick={() => void form.setFieldValue('groups', values.groups.filter((_g, i) => i !== index))}
                aria-label={intl.formatMessage({ id: 'savedFilters.removeGroup' }, { position })}
              >
                {intl.formatMessage({ id: 'common.delete' })}
              </Button>
            ) : null}
          </fieldset>
        );
      })}
      {typeof form.errors.groups === 'string' && form.submitCount > 0 ? (
        <Text role="alert" className={styles.error}>
          {intl.formatMessage({ id: `savedFilters.${form.errors.groups as string}` })}
        </Text>
      ) : null}
      <div className={styles.actions}>
        <Button onClick={() => void form.setFieldValue('groups', [...values.groups, newGroup()])}>{intl.formatMessage({ id: 'savedFilters.addGroup' })}</Button>
        <Button type="submit" appearance="primary" disabled={blocked || form.isSubmitting}>
          {intl.formatMessage({ id: 'savedFilters.save' })}
        </Button>
        <Button
          disabled={!validForApply}
          onClick={() =>
            onApplyOnly(
              values.groups.map((g, i) => ({ ...g, name: g.name.trim() || intl.formatMessage({ id: 'savedFilters.group' }, { position: i + 1 }) })),
            )
          }
        >
          {intl.formatMessage({ id: 'savedFilters.applyOnly' })}
        </Button>
        <Button onClick={onCancel}>{intl.formatMessage({ id: 'savedFilters.cancel' })}</Button>
      </div>
    </form>
  );
}


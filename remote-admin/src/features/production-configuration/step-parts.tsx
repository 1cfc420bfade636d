import { Button, Field, Input, Text, makeStyles, tokens, type InputProps } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useId, useState, type ReactElement, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { EmptyState } from '@linepulse/shared';
import { keyForName, type ConfigurationDraft, type KeyedItem, type KeyedSection } from '../../model/configuration-draft';
import type { ConfigurationProblem, ConfigurationProblems } from '../../model/configuration-problems';

/** What every step of the production configuration takes: the whole draft, edited one section at a time. */
export interface ConfigurationStepProps {
  draft: ConfigurationDraft;
  onChange(draft: ConfigurationDraft): void;
  /**
   * Problems the wizard wants shown: its own step check when moving on was refused, or the api's
   * refusal (configurationProblemsFromApi). Without them, a field shows its problem once left.
   */
  errors?: ConfigurationProblems;
}

export const useStepStyles = makeStyles({
  step: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    margin: 0,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: `0 ${tokens.spacingHorizontalXS}` },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: tokens.spacingHorizontalM },
  narrow: { width: '12rem' },
  wide: { minWidth: '16rem', flexGrow: 1 },
  choices: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalM },
  group: { margin: 0, padding: 0, border: 'none' },
  groupLegend: { padding: 0, marginBottom: tokens.spacingVerticalXXS },
  problem: { color: tokens.colorPaletteRedForeground1 },
  note: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', justifyContent: 'flex-end' },
});

/** A problem in the admin's language; a code without a translation reads as the generic message. */
export function problemText(intl: IntlShape, problem: ConfigurationProblem): string {
  if (Object.prototype.hasOwnProperty.call(intl.messages, problem.id)) return intl.formatMessage({ id: problem.id }, problem.values);
  return intl.formatMessage({ id: 'state.error.message' });
}

/** Rules the editor checks itself: once the field is fixed, their problem goes away without a new check. */
const EDITOR_RULES = /^admin\.config\.problem\.|^error\.CFG_(KEY_INVALID|KEY_DUPLICATE|TIME_INVALID|UNIT_UNKNOWN)$/;

/**
 * Which problems a step shows, and where: a field's live problem once the field was left or the wizard
 * asked for it; a problem only the api knows (a removed item still in use) until the wizard clears it;
 * `always` paths (a shift's overlap) as soon as they arise.
 */
export function useShownProblems(live: ConfigurationProblems, errors: ConfigurationProblems | undefined) {
  const intl = useIntl();
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const problem = (path: string, always = false): string | undefined => {
    const current = live[path];
    const given = errors?.[path];
    if (current && (always || given || left.has(path))) return problemText(intl, current);
    if (given && !EDITOR_RULES.test(given.id)) return problemText(intl, given);
    return undefined;
  };
  const leave = (path: string): void => {
    if (!left.has(path)) setLeft(new Set(left).add(path));
  };
  return { problem, leave };
}

/** The validation props of a Fluent Field for a problem (or none). */
export const fieldState = (problem: string | undefined) => ({
  validationMessage: problem,
  validationState: problem ? ('error' as const) : ('none' as const),
});

/** A labelled text input whose problem shows under it. */
export function TextField({
  label,
  hint,
  problem,
  required,
  className,
  value,
  onValue,
  onLeave,
  inputMode,
  type,
  list,
  autoFocus,
}: {
  label: string;
  hint?: string;
  problem: string | undefined;
  required?: boolean;
  className?: string;
  value: string;
  onValue(value: string): void;
  onLeave(): void;
  inputMode?: InputProps['inputMode'];
  type?: InputProps['type'];
  /** The id of a datalist of suggestions. */
  list?: string;
  /** The first field of an item just added, so that typing goes on there. */
  autoFocus?: boolean;
}): ReactElement {
  return (
    <Field label={label} hint={hint} required={required} className={className} {...fieldState(problem)}>
      <Input value={value} type={type} list={list} autoFocus={autoFocus} inputMode={inputMode} autoComplete="off" onChange={(_event, data) => onValue(data.value)} onBlur={onLeave} />
    </Field>
  );
}

/** A step's frame: its heading, description, a problem of the whole section, the items and "add". */
export function StepFrame({
  title,
  description,
  problem,
  empty,
  addLabel,
  onAdd,
  children,
  count,
  addDisabled,
  note,
}: {
  title: string;
  description: string;
  /** What the step needs first (why "add" is disabled). */
  note?: string;
  problem: string | undefined;
  empty: string;
  addLabel: string;
  onAdd(): void;
  children: ReactNode;
  count: number;
  addDisabled?: boolean;
}): ReactElement {
  const styles = useStepStyles();
  return (
    // The wizard's step heading names the step (and takes the focus on arrival); this frame adds the
    // description under it, and keeps the title for the section's accessible name.
    <div className={styles.step} role="group" aria-label={title} data-step="">
      <Text className={styles.note}>{description}</Text>
      {note ? <Text weight="semibold">{note}</Text> : null}
      {problem ? (
        <Text role="alert" className={styles.problem}>
          {problem}
        </Text>
      ) : null}
      {count === 0 ? <EmptyState title={empty} /> : children}
      <div>
        <Button icon={<AddRegular />} onClick={onAdd} disabled={addDisabled} data-step-add="">
          {addLabel}
        </Button>
      </div>
    </div>
  );
}

/** One item of a step, a fieldset named by the item, with its remove button. */
export function ItemFrame({
  legend,
  removeLabel,
  onRemove,
  problem,
  children,
}: {
  legend: string;
  removeLabel: string;
  onRemove(): void;
  /** A problem of the item as a whole (a shift's overlap). */
  problem?: string;
  children: ReactNode;
}): ReactElement {
  const styles = useStepStyles();
  return (
    <fieldset className={styles.item}>
      <legend className={styles.legend}>{legend}</legend>
      {problem ? (
        <Text role="alert" className={styles.problem}>
          {problem}
        </Text>
      ) : null}
      {children}
      <div className={styles.actions}>
        <Button
          appearance="subtle"
          icon={<DeleteRegular />}
          onClick={(event) => {
            // The button leaves with its item: the keyboard goes on from the step's "add" button.
            const step = event.currentTarget.closest('[data-step]');
            onRemove();
            step?.querySelector<HTMLElement>('[data-step-add]')?.focus();
          }}
        >
          {removeLabel}
        </Button>
      </div>
    </fieldset>
  );
}

/**
 * A group of checkboxes named by its legend, its problem under it. Not a Fluent Field: a Field lends its
 * label to the first control inside it, which would name one checkbox after the whole group.
 */
export function ChoiceGroup({ legend, problem, children }: { legend: string; problem: string | undefined; children: ReactNode }): ReactElement {
  const styles = useStepStyles();
  const problemId = useId();
  return (
    <fieldset className={styles.group} aria-describedby={problem ? problemId : undefined} aria-invalid={problem ? true : undefined}>
      <legend className={styles.groupLegend}>{legend}</legend>
      <div className={styles.choices}>{children}</div>
      {problem ? (
        <Text id={problemId} size={200} className={styles.problem}>
          {problem}
        </Text>
      ) : null}
    </fieldset>
  );
}

/** A list with one item replaced. */
export const replaced = <T,>(list: readonly T[], index: number, item: T): T[] => list.map((current, i) => (i === index ? item : current));

/**
 * An item's name and key, side by side: the key follows the name (keyForName) until the admin types
 * one. Lines, shifts and reasons all have them; products have a SKU instead.
 */
export function NameAndKeyFields<T extends KeyedItem>({
  items,
  index,
  section,
  autoFocus,
  problem,
  leave,
  onItem,
}: {
  items: readonly T[];
  index: number;
  section: KeyedSection;
  autoFocus: boolean;
  problem: (path: string) => string | undefined;
  leave: (path: string) => void;
  onItem: (item: T) => void;
}): ReactElement {
  const intl = useIntl();
  const styles = useStepStyles();
  const item = items[index]!;
  const path = (field: 'name' | 'key'): string => `${section}.${index}.${field}`;
  return (
    <div className={styles.row}>
      <TextField
        label={intl.formatMessage({ id: 'admin.config.field.name' })}
        required
        autoFocus={autoFocus}
        className={styles.wide}
        value={item.name}
        problem={problem(path('name'))}
        onValue={(name) => onItem(keyForName(items, index, name, section))}
        onLeave={() => leave(path('name'))}
      />
      <TextField
        label={intl.formatMessage({ id: 'admin.config.field.key' })}
        hint={intl.formatMessage({ id: 'admin.config.field.keyHint' })}
        required
        className={styles.wide}
        value={item.key}
        problem={problem(path('key'))}
        onValue={(key) => onItem({ ...item, key, autoKey: false })}
        onLeave={() => leave(path('key'))}
      />
    </div>
  );
}

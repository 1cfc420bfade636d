import { Field, MenuButton, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronDownRegular } from '@fluentui/react-icons';
import { useId, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { useDeferredPopup, type PopupTriggerButtonProps } from '@linepulse/shared';
import type { Factory } from '@linepulse/contracts';

export interface FactoryPickerProps {
  factories: Factory[];
  value: string[];
  /** The chosen factories' ids, or null for all of them. */
  onChange: (ids: string[] | null) => void;
}

// The menu of factories (Fluent's Menu and its positioning) loads when the user points at or focuses
// the button: the first screen shows only what is chosen (decision 60).
const loadPopup = () => import(/* webpackChunkName: "factory-picker-popup" */ './factory-picker-popup');

// Drawn like the Period's select beside it (Fluent's outlined Select): regular weight, the text at the
// start, the chevron at the end, the accessible stroke underneath.
const useButtonStyles = makeStyles({
  button: {
    justifyContent: 'space-between',
    minWidth: '160px',
    fontWeight: tokens.fontWeightRegular,
    paddingInlineStart: tokens.spacingHorizontalM,
    paddingInlineEnd: tokens.spacingHorizontalS,
    borderBottomColor: tokens.colorNeutralStrokeAccessible,
    ':hover': { borderBottomColor: tokens.colorNeutralStrokeAccessibleHover },
  },
  chevron: { display: 'flex', alignItems: 'center', fontSize: '20px', width: '20px', height: '20px', color: tokens.colorNeutralStrokeAccessible },
});

/** The picker's button, named by the field's label and what is chosen ("Factories, All factories"). */
export function FactoryPickerButton({ id, labelId, summary, ...props }: { id: string; labelId: string; summary: string } & PopupTriggerButtonProps): ReactElement {
  const styles = useButtonStyles();
  const summaryId = `${id}-summary`;
  return (
    <MenuButton
      id={id}
      aria-labelledby={`${labelId} ${summaryId}`}
      className={styles.button}
      menuIcon={{ className: styles.chevron, children: <ChevronDownRegular /> }}
      {...props}
    >
      <span id={summaryId}>{summary}</span>
    </MenuButton>
  );
}

/** Which factories the company overview covers (all by default; at least one). */
export function FactoryPicker({ factories, value, onChange }: FactoryPickerProps): ReactElement {
  const intl = useIntl();
  const labelId = useId();
  const popup = useDeferredPopup(loadPopup, { haspopup: 'menu' });
  const all = value.length === factories.length;
  const summary = all
    ? intl.formatMessage({ id: 'overview.company.allFactories' })
    : value.length === 1
      ? factories.find((f) => f.id === value[0])?.name ?? ''
      : intl.formatMessage({ id: 'overview.company.factoriesSelected' }, { count: value.length });
  return (
    <Field label={{ id: labelId, children: intl.formatMessage({ id: 'overview.company.factories' }) }}>
      {(field: { id?: string }) => {
        // The label's `for` names the button, so a click on the label opens the menu too.
        const id = field.id ?? `${labelId}-button`;
        return popup.module ? (
          <popup.module.FactoryPickerPopup factories={factories} value={value} onChange={onChange} id={id} labelId={labelId} summary={summary} />
        ) : (
          <FactoryPickerButton id={id} labelId={labelId} summary={summary} {...popup.triggerProps} />
        );
      }}
    </Field>
  );
}

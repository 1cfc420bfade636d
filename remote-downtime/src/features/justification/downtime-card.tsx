import { Badge, Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowUndoRegular, ChatRegular, CheckmarkRegular, ChevronDownRegular, ChevronRightRegular, SplitVerticalRegular, WarningRegular } from '@fluentui/react-icons';
import { useId, useState, type ReactElement, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { JustifiableDowntime } from '@linepulse/contracts';
import { canUndo, reasonsChange } from '../../model/justification';
import { TEST_IDS } from '../../test-ids';
import type { ChangeKind } from './change-dialog';
import type { JustificationText } from './justification-text';

const useStyles = makeStyles({
  card: {
    listStyle: 'none',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderLeft: `6px solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  // What needs a person most stands out: a strong border and a tinted background (and the badge says it in words).
  unjustified: { borderLeftColor: tokens.colorStatusDangerBorder2, backgroundColor: tokens.colorStatusDangerBackground1 },
  partial: { borderLeftColor: tokens.colorStatusWarningBorder2 },
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  heading: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  span: { margin: 0, color: tokens.colorNeutralForeground2 },
  line: { margin: 0 },
  replaced: { color: tokens.colorNeutralForeground3 },
  person: { fontWeight: tokens.fontWeightSemibold },
  by: { color: tokens.colorNeutralForeground2 },
  parts: { margin: 0, paddingLeft: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  part: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  comment: { margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  // Touch targets of at least 44 × 44 px (WCAG 2.5.5), on a tablet held in portrait as with a mouse.
  touch: { minHeight: '44px', minWidth: '44px' },
  history: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  undone: { color: tokens.colorNeutralForeground3 },
  undoneText: { textDecorationLine: 'line-through' },
});

export interface DowntimeCardProps {
  downtime: JustifiableDowntime;
  text: JustificationText;
  /** The user may change it (not the display role). */
  editable: boolean;
  /** A change of this downtime is on its way: its buttons wait. */
  busy: boolean;
  onEdit(kind: ChangeKind): void;
  onUndo(): void;
}

/** One downtime of the list: its line and times, who says why (machine and person), its comment, actions and history. */
export function DowntimeCard({ downtime, text, editable, busy, onEdit, onUndo }: DowntimeCardProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const headingId = useId();
  const spanId = useId();
  const historyId = useId();
  const [historyOpen, setHistoryOpen] = useState(false);
  const type = downtime.justification_type;
  const describedBy = `${headingId} ${spanId}`;
  const split = downtime.parts.length > 1;

  return (
    <li
      className={mergeClasses(styles.card, type === 'unjustified' && styles.unjustified, type === 'partially_justified' && styles.partial)}
      data-testid={TEST_IDS.justificationItem}
      data-downtime-id={downtime.id}
      data-justification-type={type}
    >
      <article aria-labelledby={headingId} aria-describedby={spanId}>
        <div className={styles.header}>
          <h3 id={headingId} className={styles.heading}>
            {downtime.production_unit_name}
          </h3>
          <TypeBadge type={type} />
        </div>
        <p id={spanId} className={styles.span}>
          {text.span(downtime)}
        </p>
        <Reasons downtime={downtime} text={text} />
        {split ? (
          <ol className={styles.parts} aria-label={intl.formatMessage({ id: 'downtime.justify.parts' })}>
            {downtime.parts.map((part, index) => (
              <li key={`${part.from}-${index}`} className={styles.part}>
                <span>{text.part(part)}</span>
                {editable ? (
                  <Button
                    size="large"
                    appearance="subtle"
                    className={styles.touch}
                    aria-describedby={describedBy}
                    disabled={busy}
                    onClick={() => onEdit({ action: 'justify', partIndex: index })}
                  >
                    {intl.formatMessage({ id: 'downtime.justify.changePart' })}
                  </Button>
                ) : null}
              </li>
            ))}
          </ol>
        ) : null}
        {downtime.comment ? <p className={styles.comment}>{intl.formatMessage({ id: 'downtime.justify.comment' }, { comment: downtime.comment })}</p> : null}
        {editable ? (
          <div className={styles.actions} role="group" aria-label={intl.formatMessage({ id: 'downtime.justify.actions' })}>
            <Button size="large" appearance="primary" className={styles.touch} icon={<CheckmarkRegular />} aria-describedby={describedBy} disabled={busy} onClick={() => onEdit({ action: 'justify' })}>
              {intl.formatMessage({ id: 'downtime.justify.justify' })}
            </Button>
            <Button size="large" className={styles.touch} icon={<SplitVerticalRegular />} aria-describedby={describedBy} disabled={busy} onClick={() => onEdit({ action: 'split' })}>
              {intl.formatMessage({ id: 'downtime.justify.split' })}
            </Button>
            <Button size="large" className={styles.touch} icon={<ChatRegular />} aria-describedby={describedBy} disabled={busy} onClick={() => onEdit({ action: 'comment' })}>
              {intl.formatMessage({ id: 'downtime.justify.addComment' })}
            </Button>
            <Button size="large" className={styles.touch} icon={<ArrowUndoRegular />} aria-describedby={describedBy} disabled={busy || !canUndo(downtime)} onClick={onUndo}>
              {intl.formatMessage({ id: 'downtime.justify.undo' })}
            </Button>
          </div>
        ) : null}
        {downtime.changes.length > 0 ? (
          <>
            <Button
              size="large"
              appearance="transparent"
              className={styles.touch}
              icon={historyOpen ? <ChevronDownRegular /> : <ChevronRightRegular />}
              aria-expanded={historyOpen}
              aria-controls={historyId}
              aria-describedby={describedBy}
              onClick={() => setHistoryOpen((open) => !open)}
            >
              {intl.formatMessage({ id: 'downtime.justify.history' }, { count: downtime.changes.length })}
            </Button>
            <ol id={historyId} className={styles.history} aria-label={intl.formatMessage({ id: 'downtime.justify.historyList' })} hidden={!historyOpen}>
              {historyOpen
                ? downtime.changes.map((change) => (
                    <li key={change.id} className={change.undone ? styles.undone : undefined}>
                      <span className={change.undone ? styles.undoneText : undefined}>
                        {intl.formatMessage({ id: 'downtime.justify.change' }, { at: text.instant(change.at, false), user: change.user_name, what: text.change(change) })}
                      </span>
                      {change.undone ? (
                        <>
                          {' '}
                          <Badge appearance="outline" color="subtle">
                            {intl.formatMessage({ id: 'downtime.justify.undone' })}
                          </Badge>
                        </>
                      ) : null}
                    </li>
                  ))
                : null}
            </ol>
          </>
        ) : null}
      </article>
    </li>
  );
}

function TypeBadge({ type }: { type: JustifiableDowntime['justification_type'] }): ReactElement {
  const intl = useIntl();
  const label = intl.formatMessage({ id: `downtime.justify.type.${type}` });
  const color = type === 'unjustified' ? 'danger' : type === 'partially_justified' ? 'warning' : type === 'planned' ? 'informative' : 'brand';
  return (
    <Badge size="large" appearance={type === 'unjustified' ? 'filled' : 'tint'} color={color} icon={type === 'unjustified' ? <WarningRegular /> : undefined}>
      {label}
    </Badge>
  );
}

/**
 * Who says why: the machine's reasons, kept, and the person's choice, which wins; "Machine: Jam —
 * replaced by: Cleaning (by Ana, 10:42)", the machine's reasons struck through.
 */
function Reasons({ downtime, text }: { downtime: JustifiableDowntime; text: JustificationText }): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const machine = downtime.machine_reasons.map((reason) => reason.name).join(', ');
  const count = downtime.machine_reasons.length;
  if (downtime.parts.length === 0) {
    return (
      <p className={styles.line}>
        {count > 0 ? intl.formatMessage({ id: 'downtime.justify.machine' }, { reasons: machine, count }) : intl.formatMessage({ id: 'downtime.justify.noReason' })}
      </p>
    );
  }
  const change = reasonsChange(downtime);
  const names = [...new Set(downtime.parts.map((part) => part.reason.name))].join(', ');
  const person = <strong className={styles.person}>{names}</strong>;
  const by: ReactNode = change ? (
    <span className={styles.by}> {intl.formatMessage({ id: 'downtime.justify.by' }, { user: change.user_name, at: text.instant(change.at, false) })}</span>
  ) : null;
  return (
    <p className={styles.line} data-person-wins="true">
      {count > 0
        ? intl.formatMessage({ id: 'downtime.justify.machineReplaced' }, { machine: <s className={styles.replaced}>{machine}</s>, person, count })
        : intl.formatMessage({ id: 'downtime.justify.person' }, { person })}
      {by}
    </p>
  );
}

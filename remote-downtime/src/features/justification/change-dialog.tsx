import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DateTime } from 'luxon';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { errorMessage, genericErrorMessage } from '@linepulse/shared';
import { JUSTIFICATION_COMMENT_MAX, type DowntimeReasonRef, type JustifiableDowntime, type JustificationRequest } from '@linepulse/contracts';
import { downtimeEnd, middleTime, splitInstant } from '../../model/justification';
import type { JustificationText } from './justification-text';
import { ReasonPicker } from './reason-picker';

/** What the dialog changes: the whole downtime's reason or one part's, a split, or the comment. */
export type ChangeKind = { action: 'justify'; partIndex?: number } | { action: 'split' } | { action: 'comment' };

const useStyles = makeStyles({
  surface: { width: 'min(880px, calc(100vw - 32px))', maxWidth: 'none' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  about: { margin: 0, color: tokens.colorNeutralForeground2 },
  // Two pickers side by side when the dialog is wide enough (1280 px), one under the other on a tablet.
  pickers: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))', gap: tokens.spacingHorizontalXL },
  touch: { minHeight: '44px' },
  time: { minHeight: '44px', maxWidth: '220px' },
  failure: { color: tokens.colorPaletteRedForeground1, whiteSpace: 'pre-line', margin: 0 },
});

export interface ChangeDialogProps {
  kind: ChangeKind;
  downtime: JustifiableDowntime;
  reasons: readonly DowntimeReasonRef[];
  zone: string;
  text: JustificationText;
  /** Sends the change; a rejection keeps the dialog open with what was typed and the api's message. */
  onSubmit(request: JustificationRequest): Promise<unknown>;
  onClose(): void;
}

/**
 * The form of one change. It stays open with its values until the api accepted the change: an error
 * (the network, a reason removed meanwhile, a split outside the downtime) is said in it, and Save tries
 * again with the same idempotency key when nothing was changed since.
 */
export function ChangeDialog({ kind, downtime, reasons, zone, text, onSubmit, onClose }: ChangeDialogProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const part = kind.action === 'justify' && kind.partIndex !== undefined ? downtime.parts[kind.partIndex] : undefined;
  const current = kind.action === 'justify' ? (part ?? (downtime.parts.length === 1 ? downtime.parts[0] : undefined))?.reason.id ?? null : null;
  const [reasonId, setReasonId] = useState<string | null>(current);
  const [reasonIds, setReasonIds] = useState<[string | null, string | null]>([null, null]);
  const [time, setTime] = useState(() => middleTime(downtime, zone));
  const [comment, setComment] = useState(downtime.comment ?? '');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');

  const start = text.instant(downtime.start_time);
  const end = text.instant(downtimeEnd(downtime, DateTime.now()).toISO() ?? downtime.start_time);
  const chooseReason = intl.formatMessage({ id: 'downtime.justify.chooseReason' });
  const at = kind.action === 'split' ? splitInstant(time, downtime, zone) : null;
  const trimmed = comment.trim();
  const problems = {
    reason: kind.action === 'justify' && reasonId === null ? chooseReason : undefined,
    before: kind.action === 'split' && reasonIds[0] === null ? chooseReason : undefined,
    after: kind.action === 'split' && reasonIds[1] === null ? chooseReason : undefined,
    at: kind.action === 'split' && at === null ? intl.formatMessage({ id: 'downtime.justify.splitAtInvalid' }, { start, end }) : undefined,
    comment: kind.action === 'comment' && trimmed.length > JUSTIFICATION_COMMENT_MAX ? intl.formatMessage({ id: 'downtime.justify.commentTooLong' }, { max: JUSTIFICATION_COMMENT_MAX }) : undefined,
  };
  const shown = (problem: string | undefined): string | undefined => (submitted ? problem : undefined);

  const request = (): JustificationRequest | null => {
    const base = { production_unit_id: downtime.production_unit_id, downtime_start: downtime.start_time };
    switch (kind.action) {
      case 'justify':
        return reasonId === null ? null : { ...base, action: 'justify', reason_id: reasonId, ...(kind.partIndex !== undefined ? { part_index: kind.partIndex } : {}) };
      case 'split':
        return at === null || reasonIds[0] === null || reasonIds[1] === null ? null : { ...base, action: 'split', at, reason_ids: [reasonIds[0], reasonIds[1]] };
      case 'comment':
        return problems.comment ? null : { ...base, action: 'comment', comment: trimmed };
    }
  };

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setSubmitted(true);
    const body = request();
    if (body === null || busy) return;
    setBusy(true);
    setFailure('');
    try {
      await onSubmit(body);
      onClose();
    } catch (error) {
      setFailure(errorMessage(intl, error) || genericErrorMessage(intl));
      setBusy(false);
    }
  };

  const title =
    kind.action === 'justify' && kind.partIndex !== undefined
      ? intl.formatMessage({ id: 'downtime.justify.dialog.justifyPart' }, { index: kind.partIndex + 1 })
      : intl.formatMessage({ id: `downtime.justify.dialog.${kind.action}` });
  const about = `${downtime.production_unit_name} — ${part ? text.part(part) : text.span(downtime)}`;

  return (
    <Dialog open modalType="modal" onOpenChange={(_event, data) => (data.open || busy ? undefined : onClose())}>
      <DialogSurface className={styles.surface}>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.form}>
              <p className={styles.about}>{about}</p>
              {kind.action === 'justify' ? (
                <>
                  {kind.partIndex === undefined && downtime.parts.length > 1 ? <Text>{intl.formatMessage({ id: 'downtime.justify.dialog.wholeNote' })}</Text> : null}
                  <ReasonPicker
                    legend={intl.formatMessage({ id: 'downtime.justify.reasonLegend' })}
                    reasons={reasons}
                    value={reasonId}
                    onChange={setReasonId}
                    error={shown(problems.reason)}
                    disabled={busy}
                  />
                </>
              ) : null}
              {kind.action === 'split' ? (
                <>
                  <Field
                    label={intl.formatMessage({ id: 'downtime.justify.splitAt' })}
                    hint={intl.formatMessage({ id: 'downtime.justify.splitAtHint' }, { start, end })}
                    validationMessage={shown(problems.at)}
                    validationState={shown(problems.at) ? 'error' : 'none'}
                  >
                    <Input className={styles.time} size="large" type="time" step={1} value={time} onChange={(_event, data) => setTime(data.value)} disabled={busy} />
                  </Field>
                  <div className={styles.pickers}>
                    {(['before', 'after'] as const).map((side, index) => (
                      <ReasonPicker
                        key={side}
                        legend={intl.formatMessage({ id: `downtime.justify.${side}` })}
                        reasons={reasons}
                        value={reasonIds[index] ?? null}
                        onChange={(id) => setReasonIds((ids) => (index === 0 ? [id, ids[1]] : [ids[0], id]))}
                        error={shown(problems[side])}
                        disabled={busy}
                      />
                    ))}
                  </div>
                </>
              ) : null}
              {kind.action === 'comment' ? (
                <Field
                  label={intl.formatMessage({ id: 'downtime.justify.commentLabel' })}
                  hint={intl.formatMessage({ id: 'downtime.justify.commentHint' }, { count: trimmed.length, max: JUSTIFICATION_COMMENT_MAX })}
                  validationMessage={problems.comment}
                  validationState={problems.comment ? 'error' : 'none'}
                >
                  <Textarea resize="vertical" rows={4} value={comment} onChange={(_event, data) => setComment(data.value)} disabled={busy} />
                </Field>
              ) : null}
              {failure ? (
                <p role="alert" className={styles.failure}>
                  {failure}
                </p>
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button type="submit" appearance="primary" size="large" className={styles.touch} disabled={busy}>
                {intl.formatMessage({ id: 'common.save' })}
              </Button>
              <Button type="button" size="large" className={styles.touch} disabled={busy} onClick={onClose}>
                {intl.formatMessage({ id: 'common.cancel' })}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

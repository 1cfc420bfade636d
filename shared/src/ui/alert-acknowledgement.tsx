import { Button, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactElement, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import type { Alert, AlertList } from '@linepulse/contracts';
import { postAlertAcknowledgement } from '../api/alerts';
import { useNotifyError } from '../state/use-notify-error';

/** A touch target on a tablet on the floor (WCAG 2.5.5). */
const TOUCH = '44px';

const useStyles = makeStyles({
  touch: { minHeight: TOUCH, minWidth: TOUCH },
  detail: { color: tokens.colorNeutralForeground2 },
});

export interface AlertAcknowledgementProps {
  alert: Alert;
  /** Whether the user may acknowledge (`mayJustify`: not the display role, which the api refuses). */
  mayAcknowledge: boolean;
  /** The acknowledgement of this alert is under way: the button is disabled. */
  busy: boolean;
  /** Where the alert is ("Line 1 · Lyon", `alertText(…).where`): the button's name says which alert it acknowledges. */
  where: string;
  onAcknowledge: () => void;
  /** Added to the element shown (the text or the button). */
  className?: string;
}

/**
 * An alert's acknowledgement, as the header's bell and the alerts page show it: who acknowledged it;
 * else an Acknowledge button named after the alert ("Acknowledge Line stopped 20 min, Line 1 · Lyon"),
 * at least 44 px; else, for a user who may not acknowledge, "Not acknowledged yet".
 */
export function AlertAcknowledgement({ alert, mayAcknowledge, busy, where, onAcknowledge, className }: AlertAcknowledgementProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  if (alert.acknowledged_at !== null) {
    return <Text className={mergeClasses(styles.detail, className)}>{intl.formatMessage({ id: 'alerts.acknowledgedBy' }, { name: alert.acknowledged_by ?? '' })}</Text>;
  }
  if (!mayAcknowledge) {
    return <Text className={mergeClasses(styles.detail, className)}>{intl.formatMessage({ id: 'alerts.notAcknowledged' })}</Text>;
  }
  return (
    <Button
      className={mergeClasses(styles.touch, className)}
      disabled={busy}
      aria-label={intl.formatMessage({ id: 'alerts.acknowledgeOne' }, { rule: alert.rule_name, where })}
      onClick={onAcknowledge}
    >
      {intl.formatMessage({ id: 'alerts.acknowledge' })}
    </Button>
  );
}

export interface AlertAcknowledgingOptions {
  /** The list shown: the acknowledged alert is replaced in it at once, then every list under ['alerts'] is refetched. */
  queryKey: QueryKey;
  /** Holds the alerts' elements, each focusable with its `data-alert-id`: the acknowledged one keeps the focus (its button goes away). */
  container: RefObject<HTMLElement | null>;
  /** Says the acknowledgement politely ("Line stopped 20 min acknowledged (Line 1)"). */
  announce: (text: string) => void;
}

/** What `AlertAcknowledgement` needs of the acknowledging: whether it is under way, and how to start it. */
export type AlertAcknowledging = (alert: Alert, where: string) => Pick<AlertAcknowledgementProps, 'alert' | 'busy' | 'where' | 'onAcknowledge'>;

/**
 * Acknowledging alerts from a list (the header's bell, the alerts page): POST /alerts/{id}/acknowledge,
 * the alert replaced in the list, the acknowledgement announced, the focus kept on the alert, and every
 * list of alerts (the page's other selections, the bell and its count) asked again; a refusal in the
 * snackbar. Gives each alert's `AlertAcknowledgement` props.
 */
export function useAlertAcknowledging({ queryKey, container, announce }: AlertAcknowledgingOptions): AlertAcknowledging {
  const intl = useIntl();
  const client = useQueryClient();
  const notifyError = useNotifyError();
  const [acknowledging, setAcknowledging] = useState<ReadonlySet<string>>(new Set());

  const acknowledge = async (alert: Alert): Promise<void> => {
    setAcknowledging((set) => new Set(set).add(alert.id));
    try {
      const updated = await postAlertAcknowledgement(alert.id);
      client.setQueryData<AlertList>(queryKey, (list) => list && { ...list, alerts: list.alerts.map((a) => (a.id === updated.id ? updated : a)) });
      announce(intl.formatMessage({ id: 'alerts.acknowledgedNow' }, { rule: alert.rule_name, line: alert.production_unit_name }));
      Array.from(container.current?.querySelectorAll<HTMLElement>('[data-alert-id]') ?? [])
        .find((element) => element.dataset.alertId === alert.id)
        ?.focus();
      // Which alerts count is the api's to say: the lists and the bell's count are asked again.
      void client.invalidateQueries({ queryKey: ['alerts'] });
    } catch (error) {
      notifyError(error);
    } finally {
      setAcknowledging((set) => {
        const next = new Set(set);
        next.delete(alert.id);
        return next;
      });
    }
  };

  return (alert, where) => ({ alert, where, busy: acknowledging.has(alert.id), onAcknowledge: () => void acknowledge(alert) });
}

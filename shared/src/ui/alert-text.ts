import type { IntlShape } from 'react-intl';
import type { Alert, Factory } from '@linepulse/contracts';
import { formatPercent } from './format';

/** The words of one alert, as the header's bell and the alerts page say them (the platform's `alerts.*` messages). */
export interface AlertText {
  /**
   * "Line 1 down for more than 20 minutes" / "No data from Line 1 for 15 minutes" / "Line 1: OEE this
   * shift projected at 61.4%, objective 75.0%".
   */
  what: string;
  /** "Line 1 · Lyon" */
  where: string;
  /** "Open since Nov 26, 10:42 AM" / "From Nov 26, 10:42 AM to Nov 26, 11:05 AM". */
  when: string;
}

/**
 * Times are the factory's (its zone: a plant reads its own clock, as on the TV), the user's zone when
 * the factory is not among the user's.
 */
export function alertText(intl: IntlShape, alert: Alert, factories: readonly Factory[]): AlertText {
  const timeZone = factories.find((factory) => factory.id === alert.factory_id)?.timezone;
  const at = (instant: string): string => intl.formatDate(instant, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone });
  // The api's percents (0–100) of a shift projection, with one decimal.
  const percent = (value: number | null): string => formatPercent(intl.locale, value === null ? null : value / 100, 1);
  const values = {
    line: alert.production_unit_name,
    minutes: alert.minutes,
    // shift_projection's only; the other kinds have no metric (null).
    metric: alert.metric === null ? '' : intl.formatMessage({ id: `alerts.metric.${alert.metric}` }),
    projected: percent(alert.projected),
    objective: percent(alert.objective),
  };
  return {
    what: intl.formatMessage({ id: `alerts.kind.${alert.kind}` }, values),
    where: intl.formatMessage({ id: 'alerts.where' }, { line: alert.production_unit_name, factory: alert.factory_name }),
    when:
      alert.resolved_at === null
        ? intl.formatMessage({ id: 'alerts.openSince' }, { since: at(alert.since) })
        : intl.formatMessage({ id: 'alerts.resolved' }, { since: at(alert.since), until: at(alert.resolved_at) }),
  };
}

import type { IntlShape } from 'react-intl';

/** A percentage (0–100) with two decimals in the user's language, or N/D when not available. */
export function formatPercent(intl: IntlShape, percent: number | null | undefined): string {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return intl.formatMessage({ id: 'common.notAvailable', defaultMessage: 'N/D' });
  return intl.formatNumber(percent / 100, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

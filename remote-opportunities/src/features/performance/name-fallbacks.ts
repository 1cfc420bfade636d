import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { NameFallbacks } from '../../model/occurrences';

/** The translated words shown for a name the answer does not hold, and for a downtime without a reason. */
export function useNameFallbacks(): NameFallbacks {
  const intl = useIntl();
  return useMemo(
    () => ({
      unknownShift: intl.formatMessage({ id: 'opportunities.names.unknownShift' }),
      unknownProduct: intl.formatMessage({ id: 'opportunities.names.unknownProduct' }),
      unknownReason: intl.formatMessage({ id: 'opportunities.names.unknownReason' }),
      unjustified: intl.formatMessage({ id: 'opportunities.names.unjustified' }),
    }),
    [intl],
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { customPeriodsQuery } from '@linepulse/shared';
import type { CustomPeriod } from '@linepulse/contracts';

/** The list's order, the api's: newest start first, then by name. */
function byStartThenName(a: CustomPeriod, b: CustomPeriod): number {
  if (a.start_date !== b.start_date) return a.start_date < b.start_date ? 1 : -1;
  return a.name.localeCompare(b.name);
}

export interface CustomPeriodCache {
  saved(period: CustomPeriod): Promise<void>;
  deleted(id: string): Promise<void>;
}

/**
 * Puts a change in the session's custom periods (the platform's cache every period picker reads), so
 * the current and last custom period options follow at once, then asks the list again.
 */
export function useCustomPeriodCache(): CustomPeriodCache {
  const client = useQueryClient();
  return useMemo(() => {
    const { queryKey } = customPeriodsQuery();
    const refresh = (): Promise<void> => client.invalidateQueries({ queryKey, exact: true });
    return {
      saved: (period) => {
        client.setQueryData(queryKey, (list = []) => [...list.filter((p) => p.id !== period.id), period].sort(byStartThenName));
        client.removeQueries({ queryKey: ['custom-periods', period.id], exact: true });
        return refresh();
      },
      deleted: (id) => {
        client.setQueryData(queryKey, (list = []) => list.filter((p) => p.id !== id));
        client.removeQueries({ queryKey: ['custom-periods', id], exact: true });
        return refresh();
      },
    };
  }, [client]);
}

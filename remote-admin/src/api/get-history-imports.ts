import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@linepulse/shared';
import { historyImportRunning, type HistoryImport, type HistoryImportDetail } from '@linepulse/contracts';

/** GET /factories/{id}/history-imports (admins): the factory's imports, newest first. */
export function getHistoryImports(factoryId: string, signal?: AbortSignal): Promise<HistoryImport[]> {
  return apiRequest<HistoryImport[]>('api', `factories/${encodeURIComponent(factoryId)}/history-imports`, { signal });
}

export function historyImportsQuery(factoryId: string) {
  return queryOptions({ queryKey: ['history-imports', factoryId] as const, queryFn: ({ signal }) => getHistoryImports(factoryId, signal), staleTime: 0 });
}

/** GET /factories/{id}/history-imports/{importId} (admins): one import with its progress and refused rows. */
export function getHistoryImport(factoryId: string, importId: string, signal?: AbortSignal): Promise<HistoryImportDetail> {
  return apiRequest<HistoryImportDetail>('api', `factories/${encodeURIComponent(factoryId)}/history-imports/${encodeURIComponent(importId)}`, { signal });
}

/** Asked every second while the import runs, then no more. */
export function historyImportQuery(factoryId: string, importId: string) {
  return queryOptions({
    queryKey: ['history-imports', factoryId, importId] as const,
    queryFn: ({ signal }) => getHistoryImport(factoryId, importId, signal),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && !historyImportRunning(query.state.data.phase) ? false : 1_000),
  });
}

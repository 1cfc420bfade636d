import { useFactoriesStatus, usePreferencesStatus } from './hooks';

/**
 * Whether the figures can be asked for: factories are loaded and the saved period is known (or will not
 * come: an embed loads no preferences). Asking earlier would fetch a period only to replace it.
 */
export function useSessionReady(): { factoriesReady: boolean; factoriesFailed: boolean; ready: boolean } {
  const factories = useFactoriesStatus();
  const preferences = usePreferencesStatus();
  const factoriesReady = factories === 'ready';
  return { factoriesReady, factoriesFailed: factories === 'error', ready: factoriesReady && preferences !== 'loading' };
}

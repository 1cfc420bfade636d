import { useSavedFilterRestore } from '../selection/saved-filters';
import { useFactoriesStatus, usePreferencesStatus } from './hooks';

/**
 * Whether the figures can be asked for: factories are loaded, the saved period is known (or will not
 * come: an embed loads no preferences), and the saved filter the preferences name is applied again.
 * Asking earlier would fetch a period or a selection only to replace it.
 */
export function useSessionReady(): { factoriesReady: boolean; factoriesFailed: boolean; ready: boolean } {
  const factories = useFactoriesStatus();
  const preferences = usePreferencesStatus();
  const savedFilterSettled = useSavedFilterRestore();
  const factoriesReady = factories === 'ready';
  return { factoriesReady, factoriesFailed: factories === 'error', ready: factoriesReady && preferences !== 'loading' && savedFilterSettled };
}

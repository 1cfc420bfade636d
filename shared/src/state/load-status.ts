/** Loading status of a piece of server state, as the session hooks report it. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** A react-query result as a LoadStatus: 'idle' until someone asks for it (the host at sign-in). */
export function loadStatusOf(result: { status: 'pending' | 'error' | 'success'; fetchStatus: 'fetching' | 'paused' | 'idle' }): LoadStatus {
  if (result.status === 'success') return 'ready';
  if (result.status === 'error') return 'error';
  return result.fetchStatus === 'idle' ? 'idle' : 'loading';
}

import { createContext, useContext } from 'react';
import type { RemoteLoader } from './remote-loader';

/** The loader the host created at start-up (tests provide a fake one). */
export const RemoteLoaderContext = createContext<RemoteLoader | null>(null);

export function useRemoteLoader(): RemoteLoader {
  const loader = useContext(RemoteLoaderContext);
  if (!loader) throw new Error('RemoteLoaderContext is missing');
  return loader;
}

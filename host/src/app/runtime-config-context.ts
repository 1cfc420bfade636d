import { createContext, useContext } from 'react';
import type { RuntimeConfig } from '@linepulse/contracts';

export const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

/** The configuration read from /config.json at start-up. */
export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('RuntimeConfigContext is missing');
  return config;
}

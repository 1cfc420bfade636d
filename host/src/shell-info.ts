import packageJson from '../package.json';

/** What the host's container exposes: which shell is deployed (for deployment checks and dev tools). */
export const shellInfo = {
  name: 'linepulse_host',
  version: packageJson.version,
} as const;

/**
 * The host's runtime configuration, served by the api as /config.json. Remote manifest URLs live here,
 * never in the host's build, so a remote is redeployed without rebuilding anything else.
 */
export const REMOTE_NAMES = ['overview', 'downtime', 'reports', 'admin', 'opportunities'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export interface RuntimeAuthConfig {
  /** OpenID Connect authority (issuer URL), https. */
  authority: string;
  clientId: string;
  /** host:port values MSAL may trust without Microsoft instance discovery. */
  knownAuthorities: string[];
  /** The API read-write scope requested with openid, offline_access and profile. */
  apiScope: string;
  /** true for Entra ID (AAD protocol); false for any other OpenID Connect provider. */
  isEntra: boolean;
  /**
   * The provider's discovery document (JSON text), when the api knows it (its embedded provider):
   * MSAL then starts without fetching it, one request less before the first data call.
   */
  authorityMetadata?: string;
}

export interface RuntimeConfig {
  version: string;
  auth: RuntimeAuthConfig;
  /** Base URL of the main analytics API, e.g. https://localhost:8443/api */
  apiBase: string;
  /** Base URL of the dashboard API, e.g. https://localhost:8443/dashboard-api */
  dashboardApiBase: string;
  /** Remote name → URL of its mf-manifest.json. */
  remotes: Record<RemoteName, string>;
  /** External link of the sister product in the apps menu. */
  sisterProductUrl: string;
}

/**
 * Services set once at start-up (docs/architecture.md, code habit 5). The host injects the MSAL-backed token provider and a
 * notifier that feeds its snackbar; the sister-product embed injects its own. Because `@linepulse/shared`
 * is a federated singleton, every remote sees the services the host configured.
 */
export interface TokenProvider {
  /** A bearer token for the APIs, acquired silently (redirects to sign in when interaction is required). */
  getAccessToken(): Promise<string>;
}

export interface Notifier {
  success(message: string): void;
  error(message: string): void;
}

export interface Services {
  tokenProvider: TokenProvider;
  /** Base URL of the main analytics API, without a trailing slash. */
  apiBase: string;
  /** Base URL of the dashboard API, without a trailing slash. */
  dashboardApiBase: string;
  notifier: Notifier;
}

let services: Services | null = null;

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

export function configureServices(next: Services): void {
  services = {
    ...next,
    apiBase: withoutTrailingSlash(next.apiBase),
    dashboardApiBase: withoutTrailingSlash(next.dashboardApiBase),
  };
}

export function getServices(): Services {
  if (!services) throw new Error('@linepulse/shared: configureServices() must be called before any API call');
  return services;
}

export function servicesConfigured(): boolean {
  return services !== null;
}

/** Forget the configured services (tests, and an embed that unmounts). */
export function resetServices(): void {
  services = null;
}

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

/**
 * The services in force: the latest registration not yet released. The host registers once; each embed
 * registers when it mounts and releases its own registration when it unmounts, so several embeds on
 * one page mount and unmount independently (issue 24: unmounting one used to reset the services under
 * the other). Embeds on one page share the token provider and bases of the latest one mounted: they
 * show the same Linepulse to the same user; each keeps its own notifier (notifierAtom in its store).
 */
const registrations: Services[] = [];

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** Registers the services; returns the function that releases this registration again. */
export function configureServices(next: Services): () => void {
  const entry: Services = {
    ...next,
    apiBase: withoutTrailingSlash(next.apiBase),
    dashboardApiBase: withoutTrailingSlash(next.dashboardApiBase),
  };
  registrations.push(entry);
  return () => {
    const index = registrations.lastIndexOf(entry);
    if (index >= 0) registrations.splice(index, 1);
  };
}

export function getServices(): Services {
  const services = registrations.at(-1);
  if (!services) throw new Error('@linepulse/shared: configureServices() must be called before any API call');
  return services;
}

export function servicesConfigured(): boolean {
  return registrations.length > 0;
}

/** Forget every registration (tests). */
export function resetServices(): void {
  registrations.length = 0;
}

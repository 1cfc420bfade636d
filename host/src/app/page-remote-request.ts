import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { DEFAULT_LANGUAGE, ROUTES, satisfiesRange, type Language, type RouteId } from '@linepulse/contracts';
import { readStoredLanguage } from '@linepulse/shared/early';
import { platformRangeOfManifest } from '../features/remotes/manifest-platform';
import { routeAt } from '../features/remotes/route-at';

/** The platform this host lends (the shared package's version, defined at build). */
declare const __LINEPULSE_PLATFORM_VERSION__: string;

/**
 * The page's remote asked for by the entry module, while the host's own chunks are still arriving:
 * the manifest of the remote that owns the address being opened, then `<link rel="preload">` for its
 * entry script, its routes module, its messages in this browser's language and the page's own scripts
 * (the remote's build lists the last two in its manifest: decision 66). Without it the federation runtime asks for these one after the
 * other once the whole host has arrived and run (on DevTools' slow network, the manifest went out 2.7 s
 * after navigation, the first 1.4 s of that after the host's chunks had all been asked for). The runtime
 * then takes the manifest's answer from here (`earlyManifestPlugin`) and finds the scripts in the
 * browser's cache. No library is needed: the entry must stay tiny (the route table is a few lines).
 */
const earlyManifests = new Map<string, { answer: Promise<Response | undefined>; askedAt: number }>();
/** An early answer older than this is not handed over: a remote redeployed since must show up. */
const EARLY_MANIFEST_FRESH_MS = 60_000;
/**
 * Settles once the early manifest request, if there is one, has been made (the runtime configuration has
 * answered and named the remote's address). The runtime may ask for the manifest before that: the
 * application reads the same configuration answer, and with the host's chunks in the cache it can be the
 * quicker of the two; it then waits for the early request rather than asking a second time.
 */
let earlyRequestMade: Promise<void> = Promise.resolve();

interface ManifestShape {
  metaData?: {
    publicPath?: string;
    getPublicPath?: string;
    remoteEntry?: { name?: string; path?: string };
    /** Each page's scripts by route id, and each language's messages (shared/webpack/page-scripts.cjs). */
    pages?: Partial<Record<string, string[]>>;
    messages?: Partial<Record<string, string[]>>;
  };
  exposes?: { path?: string; assets?: { js?: { sync?: string[] } } }[];
}

const absolute = (url: string): string => new URL(url, window.location.href).href;

/** The page being opened: its route and the language its messages will be shown in. */
export interface OpenedPage {
  routeId: RouteId;
  language: Language;
}

const scriptList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((file): file is string => typeof file === 'string') : []);

/**
 * The scripts the runtime will load first for the remote's routes module and the page being opened, as
 * absolute addresses: its entry and the module's own chunks, then the remote's messages in the page's
 * language and the page's scripts where the manifest lists them, under the manifest's public path
 * ("auto": beside the manifest). None for a remote built against a platform this host does not lend
 * (the host refuses it without loading any of it) or whose public path is computed at run time
 * (`getPublicPath`: not guessed).
 */
export function firstScriptsOf(
  manifest: unknown,
  manifestUrl: string,
  page?: OpenedPage,
  platformVersion: string = __LINEPULSE_PLATFORM_VERSION__,
): string[] {
  const range = platformRangeOfManifest(manifest);
  if (range === null || !satisfiesRange(platformVersion, range)) return [];
  const { metaData, exposes } = (manifest ?? {}) as ManifestShape;
  const entry = metaData?.remoteEntry;
  if (!metaData || !entry?.name || metaData.getPublicPath) return [];
  const publicPath = metaData.publicPath && metaData.publicPath !== 'auto' ? new URL(metaData.publicPath, manifestUrl).href : manifestUrl;
  const entryPath = [entry.path, entry.name].filter((part) => part).join('/');
  const routes = scriptList(exposes?.find((expose) => expose.path === './routes')?.assets?.js?.sync);
  const messages = page ? scriptList(metaData.messages?.[page.language]) : [];
  const pageScripts = page ? scriptList(metaData.pages?.[page.routeId]) : [];
  const files = [...new Set([entryPath, ...routes, ...messages, ...pageScripts])];
  return files.map((file) => new URL(file, publicPath).href);
}

function preloadScript(href: string): void {
  if (Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')).some((link) => link.href === href)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = href;
  document.head.appendChild(link);
}

/**
 * Asks for the manifest of the remote owning `pathname` as soon as the runtime configuration has
 * answered, and preloads that remote's first scripts once the manifest has. Addresses of no product
 * page (home, sign-in) ask for nothing. Any failure is left to the runtime, which asks again itself.
 */
export function requestPageRemoteEarly(config: Promise<Response>, pathname: string): void {
  const id = routeAt(pathname);
  if (!id) return;
  const manifest = config
    .then((response) => (response.ok ? (response.clone().json() as Promise<{ remotes?: Record<string, unknown> }>) : null))
    .then((runtimeConfig) => {
      const url = runtimeConfig?.remotes?.[ROUTES[id].remote];
      if (typeof url !== 'string') return null;
      const manifestUrl = absolute(url);
      const answer = fetch(manifestUrl);
      // The runtime gets its own copy of the answer; a failed request makes it ask again.
      earlyManifests.set(manifestUrl, { answer: answer.then((response) => response.clone(), () => undefined), askedAt: Date.now() });
      return { manifestUrl, answer };
    });
  earlyRequestMade = manifest.then(
    () => undefined,
    () => undefined,
  );
  manifest
    .then((early) =>
      early?.answer
        .then((response) => (response.ok ? response.json() : null))
        .then((json: unknown) =>
          firstScriptsOf(json, early.manifestUrl, { routeId: id, language: readStoredLanguage() ?? DEFAULT_LANGUAGE }).forEach(preloadScript),
        ),
    )
    .catch(() => undefined);
}

/**
 * Hands the federation runtime the manifest answer asked for early, once and while fresh; any other
 * manifest, or a second load after a retry, is fetched by the runtime as usual.
 */
export function earlyManifestPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'linepulse-early-manifest',
    fetch(url) {
      const key = absolute(url);
      // Resolving to undefined (no early request for this address, a stale or failed one) makes the
      // runtime fetch it itself.
      return earlyRequestMade.then(() => {
        const early = earlyManifests.get(key);
        earlyManifests.delete(key);
        if (!early || Date.now() - early.askedAt > EARLY_MANIFEST_FRESH_MS) return undefined;
        return early.answer;
      }) as Promise<Response>;
    },
  };
}

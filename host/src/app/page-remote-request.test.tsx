import { PLATFORM_VERSION } from '@linepulse/shared';
import { earlyManifestPlugin, firstScriptsOf, requestPageRemoteEarly } from './page-remote-request';

const MANIFEST = {
  // A remote built against the platform this host lends.
  shared: [{ name: '@linepulse/shared', requiredVersion: `^${PLATFORM_VERSION}` }],
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { path: './embed', assets: { js: { sync: ['embed.1.js'] } } },
    { path: './routes', assets: { js: { sync: ['__federation_expose_routes.abc.js'], async: ['page.js'] } } },
  ],
};
const CONFIG = { remotes: { overview: '/remotes/overview/mf-manifest.json', downtime: 'https://downtime.example/mf-manifest.json' } };

/** A fetch answer as the entry module reads it: cloned, then read once per copy. */
function answer(body: unknown, ok = true): Response {
  const make = (): Response => ({ ok, status: ok ? 200 : 404, json: () => Promise.resolve(body), clone: make }) as unknown as Response;
  return make();
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const preloads = (): string[] => Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')).map((link) => `${link.as} ${link.href}`);
const fetchHook = (url: string) => (earlyManifestPlugin().fetch as (url: string, init: RequestInit) => Promise<Response | undefined> | undefined)(url, {});

afterEach(() => {
  document.head.innerHTML = '';
  (globalThis as { fetch?: unknown }).fetch = undefined;
});

test("a remote's first scripts: its entry and its routes module, under the manifest's public path", () => {
  expect(firstScriptsOf(MANIFEST, 'https://host.example/remotes/overview/mf-manifest.json')).toEqual([
    'https://host.example/remotes/overview/remoteEntry.js',
    'https://host.example/remotes/overview/__federation_expose_routes.abc.js',
  ]);
  const elsewhere = { ...MANIFEST, metaData: { publicPath: 'https://cdn.example/overview/', remoteEntry: { name: 'remoteEntry.js', path: 'entry' } } };
  expect(firstScriptsOf(elsewhere, 'https://host.example/m.json')[0]).toBe('https://cdn.example/overview/entry/remoteEntry.js');
  // A public path computed at run time, or no manifest at all: nothing is guessed.
  expect(firstScriptsOf({ ...MANIFEST, metaData: { ...MANIFEST.metaData, getPublicPath: 'return x' } }, 'https://host.example/m.json')).toEqual([]);
  expect(firstScriptsOf(null, 'https://host.example/m.json')).toEqual([]);
});

test("the page being opened: the remote's messages in its language, then the page's own scripts, each once", () => {
  const withPages = {
    ...MANIFEST,
    metaData: {
      ...MANIFEST.metaData,
      pages: { companyOverview: ['shared.1.js', 'page-companyOverview.2.js'], factoryDashboard: ['shared.1.js', 'page-factoryDashboard.3.js'] },
      messages: { en: ['remote-messages-en.4.js'], fr: ['remote-messages-fr.5.js'] },
    },
  };
  const url = 'https://host.example/remotes/overview/mf-manifest.json';
  expect(firstScriptsOf(withPages, url, { routeId: 'companyOverview', language: 'fr' })).toEqual([
    'https://host.example/remotes/overview/remoteEntry.js',
    'https://host.example/remotes/overview/__federation_expose_routes.abc.js',
    'https://host.example/remotes/overview/remote-messages-fr.5.js',
    'https://host.example/remotes/overview/shared.1.js',
    'https://host.example/remotes/overview/page-companyOverview.2.js',
  ]);
  // A page or a language the manifest does not list (an older remote, a page inside the routes module):
  // the entry and the routes module only, as before.
  expect(firstScriptsOf(withPages, url, { routeId: 'myReports', language: 'es' })).toHaveLength(2);
  expect(firstScriptsOf(MANIFEST, url, { routeId: 'companyOverview', language: 'en' })).toHaveLength(2);
  // Lists that are not lists of names are ignored, not thrown on.
  const odd = { ...MANIFEST, metaData: { ...MANIFEST.metaData, pages: { companyOverview: 'page.js' }, messages: { en: [42, 'm.js'] } } };
  expect(firstScriptsOf(odd, url, { routeId: 'companyOverview', language: 'en' })).toEqual([
    'https://host.example/remotes/overview/remoteEntry.js',
    'https://host.example/remotes/overview/__federation_expose_routes.abc.js',
    'https://host.example/remotes/overview/m.js',
  ]);
});

test('a remote built for another platform, or declaring none, gets nothing preloaded: the host refuses it unloaded', () => {
  const url = 'https://host.example/remotes/opportunities/mf-manifest.json';
  expect(firstScriptsOf({ ...MANIFEST, shared: [{ name: '@linepulse/shared', requiredVersion: '^2.0.0' }] }, url, undefined, '1.8.0')).toEqual([]);
  expect(firstScriptsOf({ ...MANIFEST, shared: [] }, url, undefined, '1.8.0')).toEqual([]);
  expect(firstScriptsOf({ ...MANIFEST, shared: [{ name: '@linepulse/shared', requiredVersion: '^1.4.0 || ^2.0.0' }] }, url, undefined, '2.1.0')).toHaveLength(2);
});

test("opening a product page asks for its remote's manifest at once, preloads its first scripts, and hands the answer to the runtime once", async () => {
  const fetchMock = jest.fn((_url: string) => Promise.resolve(answer(MANIFEST)));
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  requestPageRemoteEarly(Promise.resolve(answer(CONFIG)), '/company-overview');
  await settle();
  const manifestUrl = `${window.location.origin}/remotes/overview/mf-manifest.json`;
  expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([manifestUrl]);
  expect(preloads()).toEqual([
    `script ${window.location.origin}/remotes/overview/remoteEntry.js`,
    `script ${window.location.origin}/remotes/overview/__federation_expose_routes.abc.js`,
  ]);
  // The runtime asks with the address as registered (relative or absolute): the early answer, once.
  const handed = await fetchHook('/remotes/overview/mf-manifest.json');
  await expect(handed?.json()).resolves.toEqual(MANIFEST);
  await expect(fetchHook(manifestUrl)).resolves.toBeUndefined();
});

test('the runtime asking before the configuration has answered waits for the early request instead of asking again', async () => {
  const fetchMock = jest.fn((_url: string) => Promise.resolve(answer(MANIFEST)));
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  let configAnswers!: (response: Response) => void;
  requestPageRemoteEarly(new Promise<Response>((resolve) => (configAnswers = resolve)), '/company-overview');
  // With the host's chunks in the cache, the application can read the configuration and start the remote
  // before the entry module's own chain has asked for the manifest.
  const handed = fetchHook('/remotes/overview/mf-manifest.json');
  expect(fetchMock).not.toHaveBeenCalled();
  configAnswers(answer(CONFIG));
  await expect((await handed)?.json()).resolves.toEqual(MANIFEST);
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

test('another remote is asked for on its own origin; an address of no product page asks for nothing', async () => {
  const fetchMock = jest.fn((_url: string) => Promise.resolve(answer(MANIFEST)));
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  requestPageRemoteEarly(Promise.resolve(answer(CONFIG)), '/home');
  requestPageRemoteEarly(Promise.resolve(answer(CONFIG)), '/f-1/availability-downtime');
  await settle();
  expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['https://downtime.example/mf-manifest.json']);
  expect(preloads()).toContain('script https://downtime.example/remoteEntry.js');
  await expect(fetchHook('https://downtime.example/mf-manifest.json')).resolves.toBeDefined();
});

test('a failed manifest request preloads nothing and leaves the runtime to ask again; a failed configuration asks for nothing', async () => {
  (globalThis as { fetch?: unknown }).fetch = jest.fn(() => Promise.reject(new TypeError('offline')));
  requestPageRemoteEarly(Promise.resolve(answer(CONFIG)), '/company-overview');
  await settle();
  expect(preloads()).toEqual([]);
  // The hook resolves to nothing, which makes the runtime fetch the manifest itself.
  await expect(fetchHook('/remotes/overview/mf-manifest.json')).resolves.toBeUndefined();

  const fetchMock = jest.fn();
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  requestPageRemoteEarly(Promise.resolve(answer({}, false)), '/company-overview');
  requestPageRemoteEarly(Promise.reject(new TypeError('offline')), '/company-overview');
  await settle();
  expect(fetchMock).not.toHaveBeenCalled();
});

test('an early answer is not handed over after a minute: a remote redeployed since must show up', async () => {
  (globalThis as { fetch?: unknown }).fetch = jest.fn(() => Promise.resolve(answer(MANIFEST)));
  const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
  requestPageRemoteEarly(Promise.resolve(answer(CONFIG)), '/company-overview');
  await settle();
  now.mockReturnValue(1_000_000 + 61_000);
  await expect(fetchHook('/remotes/overview/mf-manifest.json')).resolves.toBeUndefined();
  now.mockRestore();
});

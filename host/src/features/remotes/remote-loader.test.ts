import { FEDERATION_NAMES, PLATFORM_VERSION } from '@linepulse/shared';
import { TEST_CONFIG } from '../../testing/render-host';
import {
  RemoteContractError,
  RemoteLoadTimeoutError,
  RemotePlatformMismatchError,
  createRemoteLoader,
  isTimeoutError,
  platformGate,
  platformRangeOfManifest,
  routesModuleOf,
  type RemoteRuntime,
} from './remote-loader';

// Built against the platform this host lends.
const routes = { remote: 'reports', version: '1', platform: `^${PLATFORM_VERSION}`, pages: { myReports: () => null } };

function fakeRuntime(): RemoteRuntime & { registerRemotes: jest.Mock; loadRemote: jest.Mock } {
  return { registerRemotes: jest.fn(), loadRemote: jest.fn() };
}

describe('createRemoteLoader', () => {
  it('registers every remote under its federation name with the manifest URL from the runtime config', () => {
    const runtime = fakeRuntime();
    createRemoteLoader(runtime, TEST_CONFIG.remotes);
    expect(runtime.registerRemotes).toHaveBeenCalledWith([
      { name: 'linepulse_overview', entry: TEST_CONFIG.remotes.overview },
      { name: 'linepulse_downtime', entry: TEST_CONFIG.remotes.downtime },
      { name: 'linepulse_reports', entry: TEST_CONFIG.remotes.reports },
      { name: 'linepulse_admin', entry: TEST_CONFIG.remotes.admin },
      { name: 'linepulse_opportunities', entry: TEST_CONFIG.remotes.opportunities },
    ]);
  });

  it('loads <name>/routes once and keeps it', async () => {
    const runtime = fakeRuntime();
    runtime.loadRemote.mockResolvedValue({ routes, default: routes });
    const loader = createRemoteLoader(runtime, TEST_CONFIG.remotes);
    await expect(loader.load('reports')).resolves.toBe(routes);
    await loader.load('reports');
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
    expect(runtime.loadRemote).toHaveBeenCalledWith(`${FEDERATION_NAMES.reports}/routes`);
  });

  it('forgets a failure, and reset re-registers the remote with force before the retry', async () => {
    const runtime = fakeRuntime();
    runtime.loadRemote.mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(routes);
    const loader = createRemoteLoader(runtime, TEST_CONFIG.remotes);
    await expect(loader.load('reports')).rejects.toThrow('down');
    loader.reset('reports');
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'linepulse_reports', entry: TEST_CONFIG.remotes.reports }], { force: true });
    await expect(loader.load('reports')).resolves.toBe(routes);
  });

  it('gives up after the chunk loading timeout', async () => {
    jest.useFakeTimers();
    const runtime = fakeRuntime();
    runtime.loadRemote.mockReturnValue(new Promise(() => undefined));
    const loader = createRemoteLoader(runtime, TEST_CONFIG.remotes, { timeoutMs: 120_000 });
    const load = loader.load('admin');
    const settled = expect(load).rejects.toBeInstanceOf(RemoteLoadTimeoutError);
    await jest.advanceTimersByTimeAsync(120_000);
    await settled;
    jest.useRealTimers();
  });

  it('rejects a module that is not a routes module', async () => {
    const runtime = fakeRuntime();
    runtime.loadRemote.mockResolvedValue({ something: 'else' });
    const loader = createRemoteLoader(runtime, TEST_CONFIG.remotes);
    await expect(loader.load('overview')).rejects.toBeInstanceOf(RemoteContractError);
  });

  it('refuses a remote built against a platform range the host does not satisfy, and says which', async () => {
    const runtime = fakeRuntime();
    runtime.loadRemote.mockResolvedValue({ ...routes, platform: '^2.0.0' });
    const loader = createRemoteLoader(runtime, TEST_CONFIG.remotes, { timeoutMs: 120_000, platformVersion: '1.4.0' });
    const refusal = await loader.load('reports').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RemotePlatformMismatchError);
    expect(refusal).toMatchObject({ remote: 'reports', range: '^2.0.0', platformVersion: '1.4.0' });
  });

  it('accepts a remote built against an older minor of the same major platform', async () => {
    const runtime = fakeRuntime();
    runtime.loadRemote.mockResolvedValue({ ...routes, platform: '^1.2.0' });
    const loader = createRemoteLoader(runtime, TEST_CONFIG.remotes, { timeoutMs: 120_000, platformVersion: '1.4.0' });
    await expect(loader.load('reports')).resolves.toMatchObject({ platform: '^1.2.0' });
  });

  it('refuses a remote that declares no platform range (built before the platform was versioned)', async () => {
    const runtime = fakeRuntime();
    const { platform: _none, ...unversioned } = routes;
    runtime.loadRemote.mockResolvedValue(unversioned);
    const loader = createRemoteLoader(runtime, TEST_CONFIG.remotes);
    await expect(loader.load('reports')).rejects.toBeInstanceOf(RemotePlatformMismatchError);
  });
});

describe('platformGate', () => {
  const manifest = (range?: string) => ({
    metaData: {},
    exposes: [],
    shared: [{ name: 'react', requiredVersion: '^19.0.0' }, ...(range === undefined ? [] : [{ name: '@linepulse/shared', requiredVersion: range }])],
  });
  /** What the federation runtime passes when it has read a remote's manifest. */
  const snapshot = (remote: string, range?: string) => ({ moduleInfo: { name: remote }, from: 'manifest', manifestJson: manifest(range), remoteSnapshot: {} });
  type Hook = (args: ReturnType<typeof snapshot>) => unknown;

  it('reads the platform range a manifest declares', () => {
    expect(platformRangeOfManifest(manifest('^1.4.0 || ^2.0.0'))).toBe('^1.4.0 || ^2.0.0');
    expect(platformRangeOfManifest(manifest())).toBeNull();
    expect(platformRangeOfManifest({ shared: 'nope' })).toBeNull();
    expect(platformRangeOfManifest(null)).toBeNull();
  });

  it('refuses on the manifest, before the remote’s code is fetched, and the loader reports the refusal', async () => {
    const gate = platformGate('1.4.0');
    const hook = gate.plugin.loadRemoteSnapshot as unknown as Hook;
    // A range the platform satisfies passes the snapshot on unchanged; another remote's is not looked at.
    const fine = snapshot(FEDERATION_NAMES.overview, '^1.2.0 || ^2.0.0');
    expect(hook(fine)).toBe(fine);
    expect(hook(snapshot('someone_else', '^9.0.0'))).toMatchObject({ from: 'manifest' });
    // Platform 2 only: refused there, with the range and the platform said.
    expect(() => hook(snapshot(FEDERATION_NAMES.downtime, '^2.0.0'))).toThrow(RemotePlatformMismatchError);
    expect(gate.refusal('downtime')).toMatchObject({ remote: 'downtime', range: '^2.0.0', platformVersion: '1.4.0' });
    expect(() => hook(snapshot(FEDERATION_NAMES.admin))).toThrow(RemotePlatformMismatchError);

    // The runtime wraps what a plugin throws; the loader says what happened, and never loaded the module.
    const runtime = fakeRuntime();
    runtime.loadRemote.mockRejectedValue(new Error('[ Federation Runtime ]: remote linepulse_downtime needs platform ^2.0.0'));
    const loader = createRemoteLoader(runtime, TEST_CONFIG.remotes, { timeoutMs: 120_000, platformVersion: '1.4.0', gate });
    await expect(loader.load('downtime')).rejects.toBe(gate.refusal('downtime'));
    // A retry forgets it: a manifest that cannot be reached then is reported as such.
    loader.reset('downtime');
    runtime.loadRemote.mockRejectedValue(new Error('manifest unreachable'));
    await expect(loader.load('downtime')).rejects.toThrow('manifest unreachable');
  });
});

describe('helpers', () => {
  it('finds the routes module as default, named export or the module itself', () => {
    expect(routesModuleOf({ default: routes })).toBe(routes);
    expect(routesModuleOf({ routes })).toBe(routes);
    expect(routesModuleOf(routes)).toBe(routes);
    expect(routesModuleOf(null)).toBeNull();
  });

  it('recognises timeouts from the loader and from webpack chunks', () => {
    expect(isTimeoutError(new RemoteLoadTimeoutError('admin', 1))).toBe(true);
    expect(isTimeoutError(Object.assign(new Error('Loading chunk 3 failed.'), { name: 'ChunkLoadError', type: 'timeout' }))).toBe(true);
    expect(isTimeoutError(new Error('ScriptNetworkError: Failed to load script'))).toBe(false);
  });
});

import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { FEDERATION_NAMES, PLATFORM_VERSION, type RemoteRoutesModule } from '@linepulse/shared';
import { CHUNK_LOAD_TIMEOUT_MS, REMOTE_NAMES, satisfiesRange, type RemoteName } from '@linepulse/contracts';
import { platformRangeOfManifest } from './manifest-platform';

export { platformRangeOfManifest };

/** The part of the Module Federation runtime the host uses (injected, so tests can fake it). */
export interface RemoteRuntime {
  registerRemotes(remotes: { name: string; entry: string }[], options?: { force?: boolean }): void;
  loadRemote(id: string): Promise<unknown>;
}

/** Loads each remote's `./routes` module; `reset` forgets a failed remote so the next load really retries. */
export interface RemoteLoader {
  load(remote: RemoteName): Promise<RemoteRoutesModule<RemoteName>>;
  reset(remote: RemoteName): void;
}

/** Loading took longer than CHUNK_LOAD_TIMEOUT_MS (product §8: chunk loading timeout, 120 s). */
export class RemoteLoadTimeoutError extends Error {
  constructor(remote: RemoteName, readonly timeoutMs: number) {
    super(`remote ${remote} did not load within ${timeoutMs} ms`);
    this.name = 'RemoteLoadTimeoutError';
  }
}

/** The remote loaded, but its module is not a RemoteRoutesModule (a broken or foreign deployment). */
export class RemoteContractError extends Error {
  constructor(remote: RemoteName) {
    super(`remote ${remote} does not expose a routes module with pages`);
    this.name = 'RemoteContractError';
  }
}

/**
 * The remote was built against a platform range the host's platform does not satisfy: mounting it
 * could break in ways no one tested, so the host refuses it and says why.
 */
export class RemotePlatformMismatchError extends Error {
  constructor(
    readonly remote: RemoteName,
    readonly range: string,
    readonly platformVersion: string,
  ) {
    super(`remote ${remote} needs platform ${range}; this host lends platform ${platformVersion}`);
    this.name = 'RemotePlatformMismatchError';
  }
}

export function isTimeoutError(error: unknown): boolean {
  if (error instanceof RemoteLoadTimeoutError) return true;
  const e = error as { name?: unknown; type?: unknown; message?: unknown } | null;
  return (
    !!e &&
    ((e.name === 'ChunkLoadError' && e.type === 'timeout') ||
      (typeof e.message === 'string' && /timed out|timeout/i.test(e.message)))
  );
}

function isRoutesModule(value: unknown): value is RemoteRoutesModule<RemoteName> {
  return typeof value === 'object' && value !== null && typeof (value as { pages?: unknown }).pages === 'object';
}

/** A remote's `./routes` may export the module as default, as `routes`, or be the module itself. */
export function routesModuleOf(exports: unknown): RemoteRoutesModule<RemoteName> | null {
  const candidates = [
    (exports as { default?: unknown } | null)?.default,
    (exports as { routes?: unknown } | null)?.routes,
    exports,
  ];
  return candidates.find(isRoutesModule) ?? null;
}

function withTimeout<T>(promise: Promise<T>, remote: RemoteName, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RemoteLoadTimeoutError(remote, timeoutMs)), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}


/**
 * Checks a remote's platform range from its manifest, before its entry script or any of its modules
 * runs: the runtime reads the manifest first, and this plugin refuses there. A remote built for another
 * platform (an export renamed) would otherwise fail inside its own code with a TypeError that says
 * nothing to the user. The runtime wraps what a plugin throws, so the refusal is also kept here for the
 * loader to report as such.
 */
export interface PlatformGate {
  plugin: ModuleFederationRuntimePlugin;
  /** The refusal of the remote's last manifest, if its range did not hold. */
  refusal(remote: RemoteName): RemotePlatformMismatchError | undefined;
  /** Forgets a refusal before a retry (a failure to reach the manifest then is not taken for it). */
  forget(remote: RemoteName): void;
}

export function platformGate(platformVersion: string = PLATFORM_VERSION): PlatformGate {
  const refusals = new Map<RemoteName, RemotePlatformMismatchError>();
  const remoteOf = (federationName: string): RemoteName | undefined => REMOTE_NAMES.find((remote) => FEDERATION_NAMES[remote] === federationName);
  return {
    plugin: {
      name: 'linepulse-platform-gate',
      loadRemoteSnapshot(args) {
        const remote = remoteOf(args.moduleInfo.name);
        // A snapshot from the global cache was checked when its manifest was read.
        if (!remote || args.from !== 'manifest') return args;
        const range = platformRangeOfManifest(args.manifestJson);
        refusals.delete(remote);
        if (range === null || !satisfiesRange(platformVersion, range)) {
          const refusal = new RemotePlatformMismatchError(remote, range ?? '(none)', platformVersion);
          refusals.set(remote, refusal);
          throw refusal;
        }
        return args;
      },
    },
    refusal: (remote) => refusals.get(remote),
    forget: (remote) => void refusals.delete(remote),
  };
}

export interface RemoteLoaderOptions {
  /** How long a remote's code may take to arrive (default CHUNK_LOAD_TIMEOUT_MS). */
  timeoutMs?: number;
  /** The platform version remotes are checked against (default the host's own). */
  platformVersion?: string;
  /** The federation plugin that refuses a remote on its manifest; its refusals are reported as such. */
  gate?: Pick<PlatformGate, 'refusal' | 'forget'>;
}

/**
 * Registers every remote under its federation name with the manifest URL of the runtime config (never
 * from the build), and loads their routes modules on demand. A load is shared while it runs and kept
 * once it succeeded; a failure is forgotten, and `reset` re-registers the remote with `force`, which
 * makes the runtime drop its cached manifest, container and module so that a retry fetches them again.
 */
export function createRemoteLoader(runtime: RemoteRuntime, manifests: Record<RemoteName, string>, options: RemoteLoaderOptions = {}): RemoteLoader {
  const { timeoutMs = CHUNK_LOAD_TIMEOUT_MS, platformVersion = PLATFORM_VERSION, gate } = options;
  const entry = (remote: RemoteName): { name: string; entry: string } => ({
    name: FEDERATION_NAMES[remote],
    entry: manifests[remote],
  });
  runtime.registerRemotes(REMOTE_NAMES.map(entry));
  const loads = new Map<RemoteName, Promise<RemoteRoutesModule<RemoteName>>>();

  return {
    load(remote) {
      const existing = loads.get(remote);
      if (existing) return existing;
      const load = withTimeout(Promise.resolve().then(() => runtime.loadRemote(`${FEDERATION_NAMES[remote]}/routes`)), remote, timeoutMs).then(
        (exports) => {
          const module = routesModuleOf(exports);
          if (!module) throw new RemoteContractError(remote);
          // Checked again on the module itself: a remote registered without a manifest was not gated.
          if (!satisfiesRange(platformVersion, module.platform)) {
            throw new RemotePlatformMismatchError(remote, String(module.platform), platformVersion);
          }
          return module;
        },
        (error: unknown) => {
          throw gate?.refusal(remote) ?? error;
        },
      );
      loads.set(remote, load);
      load.catch(() => {
        if (loads.get(remote) === load) loads.delete(remote);
      });
      return load;
    },
    reset(remote) {
      loads.delete(remote);
      gate?.forget(remote);
      runtime.registerRemotes([entry(remote)], { force: true });
    },
  };
}

/** Gives remote entry scripts the 120 s of product §8 instead of the runtime's default 20 s. */
export function remoteTimeoutPlugin(timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): ModuleFederationRuntimePlugin {
  return {
    name: 'linepulse-remote-timeout',
    createScript() {
      return { timeout: timeoutMs };
    },
  };
}

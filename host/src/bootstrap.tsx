import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createRemoteLoader, platformGate, remoteTimeoutPlugin, type RemoteRuntime } from './features/remotes/remote-loader';
import { earlyManifestPlugin } from './app/page-remote-request';

const runtime: RemoteRuntime = {
  registerRemotes: (remotes, options) => registerRemotes(remotes, options),
  loadRemote: (id) => loadRemote(id),
};
// The platform range is checked on each remote's manifest, before any of its code runs; the manifest
// asked for by the entry module (page-remote-request.ts) is taken rather than asked again.
const gate = platformGate();
registerPlugins([remoteTimeoutPlugin(), earlyManifestPlugin(), gate.plugin]);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(<App createRemoteLoader={(manifests) => createRemoteLoader(runtime, manifests, { gate })} />);

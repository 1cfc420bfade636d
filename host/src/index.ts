import { requestRuntimeConfigEarly } from './app/config-request';
import { requestPageRemoteEarly } from './app/page-remote-request';

// The runtime configuration is asked for first: it travels while the application's chunks load, and
// with it the manifest and first scripts of the remote that owns the page being opened.
requestPageRemoteEarly(requestRuntimeConfigEarly(), window.location.pathname);

// The async boundary Module Federation needs: shared singletons are negotiated before any app code runs.
import('./bootstrap').catch((error: unknown) => {
  console.error('Linepulse failed to start', error);
});

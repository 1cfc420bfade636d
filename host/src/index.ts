import { requestRuntimeConfigEarly } from './app/config-request';

// The runtime configuration is asked for first: it travels while the application's chunks load.
requestRuntimeConfigEarly();

// The async boundary Module Federation needs: shared singletons are negotiated before any app code runs.
import('./bootstrap').catch((error: unknown) => {
  console.error('Linepulse failed to start', error);
});

import { requestRuntimeConfigEarly } from './app/config-request';
import { requestPageRemoteEarly } from './app/page-remote-request';
import { requestStoredLanguageMessages } from '@linepulse/shared/early';

// The runtime configuration is asked for first: it travels while the application's chunks load, and
// with it the manifest and first scripts of the remote that owns the page being opened.
requestPageRemoteEarly(requestRuntimeConfigEarly(), window.location.pathname);
// The shell's messages come one language at a time: this browser's language travels with the chunks too.
requestStoredLanguageMessages();

// The async boundary Module Federation needs: shared singletons are negotiated before any app code runs.
import('./bootstrap').catch((error: unknown) => {
  console.error('Linepulse failed to start', error);
});

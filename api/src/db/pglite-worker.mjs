// Entry of the thread that owns PGlite (pglite-worker.ts). The api runs its TypeScript through tsx,
// whose loader does not register itself in worker threads on Node 20 (a `.ts` entry there is an
// "Unknown file extension"): it is registered here, then the worker itself is loaded.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');

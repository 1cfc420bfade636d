/**
 * The api for `pnpm load`, in a process of its own (so that the load generator's work never delays the
 * server's event loop): plain HTTP on 127.0.0.1:PORT, configured from the environment like src/main.ts.
 * Once listening it prints one JSON line, `{"ready": true, "tokens": {email: token}}`, with an access
 * token for each e-mail of LOAD_EMAILS (comma-separated), signed by the embedded provider.
 */
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { tokenFor } from '../test/helper.ts';

const config = loadConfig();
const app = await buildApp({ config, https: null, logger: { level: config.logLevel } });
await app.listen({ port: config.port, host: config.host });
const tokens: Record<string, string> = {};
for (const email of (process.env.LOAD_EMAILS ?? '').split(',').filter(Boolean)) tokens[email] = await tokenFor(app, email, { expiresIn: 3600 });
console.log(JSON.stringify({ ready: true, tokens }));
const stop = async (): Promise<void> => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

/**
 * `pnpm import:history --factory <id> --file <export.ndjson|.csv> --key <lpk_…>`: imports a historian
 * export into a running Linepulse over HTTPS, as the admin page does, with the factory's ingest key
 * (docs/history-import.md). The file is streamed (any size); the command then follows the job's phases
 * until the figures are derived, prints the refused rows with their line numbers, and exits 0 when the
 * import is done (refused rows included), 1 when it failed or was refused, 2 on wrong arguments.
 *
 * Options: --url (default $LINEPULSE_URL, else https://localhost:8443), --key (default $LINEPULSE_INGEST_KEY),
 * --format ndjson|csv (default from the file's extension), --ca <PEM file> (default the embedded
 * certificate <repo>/.data/tls/cert.pem when present; a certificate from a public authority needs none).
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import path from 'node:path';
import type { HistoryImport, HistoryImportDetail } from '@linepulse/contracts';

const REPO = path.resolve(import.meta.dirname, '..', '..');
// pnpm runs scripts in the package folder; paths are the user's, from where the command was typed.
const CWD = process.env.INIT_CWD ?? process.cwd();

function usage(problem: string): never {
  console.error(`${problem}\nUsage: pnpm import:history --factory <factory id> --file <export.ndjson|export.csv> --key <ingest key> [--url https://host:8443] [--format ndjson|csv] [--ca cert.pem]`);
  process.exit(2);
}

function options(): Record<string, string> {
  const out: Record<string, string> = {};
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) usage(`Unexpected argument ${arg}`);
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const value = inline ?? args[i + 1];
    if (value === undefined || (inline === undefined && value.startsWith('--'))) usage(`--${name} needs a value`);
    if (inline === undefined) i += 1;
    out[name] = value;
  }
  return out;
}

const opts = options();
const known = new Set(['factory', 'file', 'key', 'url', 'format', 'ca']);
for (const name of Object.keys(opts)) if (!known.has(name)) usage(`Unknown option --${name}`);
const file = opts.file ? path.resolve(CWD, opts.file) : usage('--file is required');
if (!existsSync(file) || !statSync(file).isFile()) usage(`No file ${file}`);
const key = opts.key ?? process.env.LINEPULSE_INGEST_KEY ?? usage('--key (or LINEPULSE_INGEST_KEY) is required: an ingest key of the factory, created on its page (Machines step)');
const factory = opts.factory ?? usage('--factory is required (the factory id, as in its page’s address)');
if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(factory)) usage(`--factory ${factory} is not a factory id (a UUID)`);
const base = (opts.url ?? process.env.LINEPULSE_URL ?? 'https://localhost:8443').replace(/\/+$/, '');
const extension = path.extname(file).toLowerCase();
const format = opts.format ?? (extension === '.csv' ? 'csv' : ['.ndjson', '.jsonl', '.json'].includes(extension) ? 'ndjson' : usage('--format ndjson|csv is required for this file name'));
if (format !== 'ndjson' && format !== 'csv') usage(`--format ${format}: ndjson or csv`);
const caFile = opts.ca ? path.resolve(CWD, opts.ca) : path.join(REPO, '.data', 'tls', 'cert.pem');
const ca = base.startsWith('https:') && existsSync(caFile) ? readFileSync(caFile) : undefined;

function send(method: 'GET' | 'POST', url: string, headers: Record<string, string | number>, body?: () => NodeJS.ReadableStream): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const request = url.startsWith('https:') ? httpsRequest : httpRequest;
    const req = request(url, { method, headers: { authorization: `Bearer ${key}`, accept: 'application/json', ...headers }, ...(ca ? { ca } : {}) }, (res: IncomingMessage) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        let json: unknown = text;
        try {
          json = JSON.parse(text);
        } catch {
          // Not JSON: shown as it is.
        }
        resolve({ status: res.statusCode ?? 0, json });
      });
    });
    req.on('error', reject);
    if (body) body().pipe(req);
    else req.end();
  });
}

function refusal(json: unknown): string {
  const errors = (json as { errors?: { code: string; message: string }[] })?.errors;
  return errors ? errors.map((e) => `${e.code}: ${e.message}`).join('\n') : String(json);
}

const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function main(): Promise<number> {
  const size = statSync(file).size;
  console.log(`Sending ${path.basename(file)} (${mib(size)}, ${format}) to ${base} for factory ${factory}…`);
  const query = new URLSearchParams({ format, file_name: path.basename(file), factory_id: factory });
  const started = Date.now();
  const answer = await send(
    'POST',
    `${base}/api/ingest/v1/history-imports?${query.toString()}`,
    { 'content-type': format === 'csv' ? 'text/csv' : 'application/x-ndjson', 'content-length': size },
    () => createReadStream(file, { highWaterMark: 1024 * 1024 }),
  );
  if (answer.status !== 202) {
    console.error(`Refused (${answer.status}):\n${refusal(answer.json)}`);
    return 1;
  }
  const job = answer.json as HistoryImport;
  console.log(`Received in ${((Date.now() - started) / 1000).toFixed(1)} s: import ${job.id}`);
  let last = '';
  for (;;) {
    const polled = await send('GET', `${base}/api/ingest/v1/history-imports/${job.id}`, {});
    if (polled.status !== 200) {
      console.error(`Progress unavailable (${polled.status}):\n${refusal(polled.json)}`);
      return 1;
    }
    const detail = polled.json as HistoryImportDetail;
    const line =
      detail.phase === 'store'
        ? `store: ${Math.round((detail.bytes_read / Math.max(1, detail.bytes_total)) * 100)} % of the file, ${detail.rows_stored} stored, ${detail.rows_duplicate} already there, ${detail.rows_refused} refused`
        : detail.phase === 'derive'
          ? `derive: ${detail.units_total - detail.units_pending} of ${detail.units_total} lines computed`
          : detail.phase;
    if (line !== last) {
      console.log(`  ${line}`);
      last = line;
    }
    if (detail.phase === 'done' || detail.phase === 'failed') {
      console.log(
        `${detail.phase === 'done' ? 'Done' : 'Failed'} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${detail.rows_read} rows read, ${detail.rows_stored} stored, ${detail.rows_duplicate} already stored, ${detail.rows_refused} refused.`,
      );
      for (const error of detail.errors) console.log(`  line ${error.line}: ${error.code} ${error.message.replace(/^line \d+: /, '')}`);
      if (detail.errors_omitted > 0) console.log(`  … and ${detail.errors_omitted} more refused rows`);
      if (detail.failure) console.error(`${detail.failure.code}: ${detail.failure.message}`);
      return detail.phase === 'done' ? 0 : 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Could not reach ${base}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);

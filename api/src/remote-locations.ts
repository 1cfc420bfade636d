import { readFileSync, statSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { REMOTE_NAMES, type RemoteName } from '@linepulse/contracts';
import { parseUrl } from './config.ts';

/** Remote name → manifest URL, where it differs from the api's own `/remotes/<name>/`. */
export type RemoteUrls = Partial<Record<RemoteName, string>>;

/** A file's modification time is looked at no more often than this (it is read on every request). */
const CHECK_EVERY_MS = 1_000;

/**
 * Reads a remotes file: a JSON object of remote name → manifest URL (http or https). Returns the URLs,
 * or the problems that make the file unusable (then nothing of it is used).
 */
export function parseRemotesFile(text: string): { urls: RemoteUrls } | { problems: string[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problems: [`not JSON: ${(error as Error).message}`] };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { problems: ['must be a JSON object of remote name → manifest URL'] };
  const urls: RemoteUrls = {};
  const problems: string[] = [];
  for (const [name, url] of Object.entries(value)) {
    if (!(REMOTE_NAMES as readonly string[]).includes(name)) {
      problems.push(`${name} is not a remote (${REMOTE_NAMES.join(', ')})`);
      continue;
    }
    // The same rule as REMOTE_<NAME>_URL's.
    if (typeof url !== 'string') problems.push(`${name} must be a URL (got ${JSON.stringify(url)})`);
    else {
      const parsed = parseUrl(url, name, problems, ['https:', 'http:']);
      if (parsed !== null) urls[name as RemoteName] = parsed;
    }
  }
  return problems.length > 0 ? { problems } : { urls };
}

/**
 * Where the remotes live: the environment's REMOTE_<NAME>_URL, overridden by REMOTES_FILE when it is set
 * (docs/hosting-a-remote.md). The file is read again when it changes, so a remote team moving its
 * deployment (`pnpm deploy:remote`) is seen by /config.json and the security headers without restarting
 * the api. A file that cannot be used is logged and ignored: the last good locations stay.
 */
export class RemoteLocations {
  private fromFile: RemoteUrls = {};
  private mtimeMs: number | null = null;
  private checkedAt = 0;
  /** Moves each time the locations change (answers built from them are kept per version). */
  version = 0;

  constructor(
    private readonly fromEnvironment: RemoteUrls,
    private readonly file: string | null,
    private readonly log?: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  ) {
    this.refresh(true);
  }

  /** The current locations (the file looked at if the last look is over a second old). */
  current(now = Date.now()): RemoteUrls {
    if (this.file !== null && now - this.checkedAt >= CHECK_EVERY_MS) this.refresh(false, now);
    return { ...this.fromEnvironment, ...this.fromFile };
  }

  private refresh(first: boolean, now = Date.now()): void {
    this.checkedAt = now;
    if (this.file === null) return;
    let mtimeMs: number | null = null;
    try {
      mtimeMs = statSync(this.file).mtimeMs;
    } catch {
      mtimeMs = null;
    }
    if (mtimeMs === this.mtimeMs) return;
    this.mtimeMs = mtimeMs;
    if (mtimeMs === null) {
      // No file (not written yet, or removed): the environment's locations.
      if (Object.keys(this.fromFile).length > 0) this.set({});
      return;
    }
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (error) {
      this.log?.warn({ file: this.file, err: error }, 'remotes file unreadable: the previous locations stay');
      return;
    }
    const parsed = parseRemotesFile(text);
    if ('problems' in parsed) {
      this.log?.warn({ file: this.file, problems: parsed.problems }, 'remotes file refused: the previous locations stay');
      return;
    }
    if (JSON.stringify(parsed.urls) === JSON.stringify(this.fromFile)) return;
    this.set(parsed.urls);
    if (!first) this.log?.info({ file: this.file, remotes: parsed.urls }, 'remote locations changed');
  }

  private set(urls: RemoteUrls): void {
    this.fromFile = urls;
    this.version += 1;
  }
}

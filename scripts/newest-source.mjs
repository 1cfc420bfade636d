// The newest modification time (ms) of the sources under a folder, node_modules and dist left out:
// whether a build output is older than what it is built from.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function newestSource(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return latest;
}

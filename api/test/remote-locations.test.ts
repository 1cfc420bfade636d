import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { parseRemotesFile } from '../src/remote-locations.ts';
import { build, Cleanup, tempDir } from './helper.ts';

describe('where the remotes live, moved without restarting the api (REMOTES_FILE)', () => {
  let app: FastifyInstance;
  const cleanup = new Cleanup();
  const file = path.join(tempDir('linepulse-remotes-'), 'remotes.json');
  before(async () => {
    ({ app } = await build(cleanup, { REMOTES_FILE: file, REMOTE_ADMIN_URL: 'https://admin.example.com/mf-manifest.json' }));
  });
  after(() => cleanup.run());

  /** The remotes /config.json names, and the script-src of the same answer. */
  async function now(): Promise<{ remotes: Record<string, string>; scripts: string[] }> {
    const response = await app.inject({ method: 'GET', url: '/config.json' });
    assert.equal(response.statusCode, 200);
    const csp = String(response.headers['content-security-policy']);
    const scripts = csp.split(';').map((d) => d.trim().split(/\s+/)).find(([name]) => name === 'script-src')!.slice(1);
    return { remotes: (response.json() as { remotes: Record<string, string> }).remotes, scripts };
  }
  /** The file is looked at once a second at most. */
  const aSecond = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 1_100));

  it('follows the file as it is written, changed, spoiled and removed', async () => {
    const before = await now();
    assert.match(before.remotes.downtime!, /\/remotes\/downtime\/mf-manifest\.json$/);
    assert.equal(before.remotes.admin, 'https://admin.example.com/mf-manifest.json');
    assert.ok(!before.scripts.includes('https://downtime.example.com'));

    // A remote team deploys the downtime remote at its own origin.
    writeFileSync(file, JSON.stringify({ downtime: 'https://downtime.example.com/v2/mf-manifest.json' }));
    await aSecond();
    const moved = await now();
    assert.equal(moved.remotes.downtime, 'https://downtime.example.com/v2/mf-manifest.json');
    assert.equal(moved.remotes.admin, 'https://admin.example.com/mf-manifest.json');
    // The browser may load its code: the policy names the new origin on the same answer.
    assert.ok(moved.scripts.includes('https://downtime.example.com'), moved.scripts.join(' '));

    // A broken file changes nothing: the last good locations stay.
    writeFileSync(file, '{"downtime": "ftp://nope"');
    await aSecond();
    assert.equal((await now()).remotes.downtime, 'https://downtime.example.com/v2/mf-manifest.json');
    writeFileSync(file, JSON.stringify({ downtime: 'javascript:alert(1)' }));
    await aSecond();
    assert.equal((await now()).remotes.downtime, 'https://downtime.example.com/v2/mf-manifest.json');

    // Removed: back to the environment's locations.
    rmSync(file);
    await aSecond();
    const back = await now();
    assert.match(back.remotes.downtime!, /\/remotes\/downtime\/mf-manifest\.json$/);
    assert.ok(!back.scripts.includes('https://downtime.example.com'));
  });

  it('reads a file of remote name → manifest URL and refuses anything else whole', () => {
    assert.deepEqual(parseRemotesFile('{"overview":"https://o.example.com/mf-manifest.json","reports":"http://localhost:3003/mf-manifest.json"}'), {
      urls: { overview: 'https://o.example.com/mf-manifest.json', reports: 'http://localhost:3003/mf-manifest.json' },
    });
    assert.deepEqual(parseRemotesFile('{}'), { urls: {} });
    for (const text of ['[]', 'null', '"x"', '{"nope":"https://x.example.com"}', '{"overview":42}', '{"overview":"data:text/javascript,1"}', '{']) {
      assert.ok('problems' in parseRemotesFile(text), text);
    }
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { acceptedEncoding, EncodedAnswer } from '../src/analytics/encoded-answer.ts';

describe('encoded answers', () => {
  it('reads Accept-Encoding as the compress plugin does: q=0 refuses, the higher q wins, brotli first among equals, * and x-gzip as gzip', () => {
    const cases: [string | undefined, 'br' | 'gzip' | null][] = [
      [undefined, null],
      ['', null],
      ['identity', null],
      ['deflate', null],
      ['gzip, deflate', 'gzip'],
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['BR ; Q=0.5', 'br'],
      ['*', 'gzip'],
      ['x-gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['*;q=0, gzip', 'gzip'],
      ['br;q=0, gzip;q=0', null],
    ];
    for (const [header, expected] of cases) assert.equal(acceptedEncoding(header), expected, String(header));
  });

  it('compresses each encoding once and gives back the same bytes', async () => {
    const json = JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ unit: `line ${i % 7}`, availability_rate: (i * 37) % 100 })));
    const answer = new EncodedAnswer(json);
    const br1 = await answer.bodyIn('br');
    const br2 = await answer.bodyIn('br');
    assert.equal(br1.encoding, 'br');
    assert.equal(br1.body, br2.body, 'the same buffer, not a second compression');
    assert.equal(brotliDecompressSync(br1.body).toString(), json);
    const gz = await answer.bodyIn('gzip');
    assert.equal(gunzipSync(gz.body).toString(), json);
    assert.deepEqual(await answer.bodyIn(null), { body: answer.json, encoding: null });
  });

  it('sends small answers as they are', async () => {
    const answer = new EncodedAnswer('[]');
    assert.deepEqual(await answer.bodyIn('br'), { body: Buffer.from('[]'), encoding: null });
  });
});

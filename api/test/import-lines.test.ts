import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { BlockCursor, readBlocks, readLines, type LineBlock } from '../src/import/lines.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'linepulse-import-lines-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string | Buffer): string {
  const at = path.join(dir, name);
  writeFileSync(at, content);
  return at;
}

/** Every line of every block, with the block it came in, releasing each block once read. */
async function readAll(at: string, options: { start?: number; firstLine?: number; maxLineBytes?: number; maxLines: number; maxBytes?: number; chunkBytes?: number }) {
  const lines: { line: number; text: string | null; block: number }[] = [];
  const blocks: Omit<LineBlock, 'bytes' | 'release'>[] = [];
  for await (const block of readBlocks(at, { start: 0, firstLine: 1, maxLineBytes: 64, maxBytes: 1 << 20, maxBlocks: 2, ...options })) {
    const cursor = new BlockCursor(block);
    while (cursor.next()) lines.push({ line: cursor.line, text: cursor.text, block: blocks.length });
    blocks.push({ firstLine: block.firstLine, lines: block.lines, tooLong: block.tooLong, end: block.end });
    block.release();
  }
  return { lines, blocks };
}

describe('history import: the file read in blocks of lines', () => {
  it('gives the same lines, numbers and restart offsets as the line reader, across chunks, CRLF, a byte order mark and a last line without its end', async () => {
    const long = 'x'.repeat(200);
    const content = `\ufeff{"a":1}\r\n\nsecond é line\n${long}\nafter the long one\r\n${long}`;
    const at = file('mixed.ndjson', content);
    for (const chunkBytes of [3, 7, 64, 1024]) {
      const { lines, blocks } = await readAll(at, { maxLines: 2, chunkBytes });
      const expected = [];
      for await (const line of readLines(at, { start: 0, firstLine: 1, maxLineBytes: 64, chunkBytes })) expected.push({ line: line.line, text: line.text });
      assert.deepEqual(
        lines.map(({ line, text }) => ({ line, text })),
        expected,
        `chunks of ${chunkBytes} bytes`,
      );
      assert.deepEqual(
        lines.map((l) => l.text),
        ['{"a":1}', '', 'second é line', null, 'after the long one', null],
      );
      // Two lines a block; each block says where the next one starts, the last one at the file's end.
      assert.deepEqual(
        blocks.map((b) => [b.firstLine, b.lines, b.tooLong]),
        [
          [1, 2, []],
          [3, 2, [4]],
          [5, 2, [6]],
        ],
      );
      assert.equal(blocks.at(-1)!.end, Buffer.byteLength(content));
      const resumed = await readAll(at, { start: blocks[0]!.end, firstLine: 3, maxLines: 10, chunkBytes });
      assert.deepEqual(
        resumed.lines.map((l) => [l.line, l.text]),
        lines.slice(2).map((l) => [l.line, l.text]),
      );
    }
  });

  it('ends a block at maxBytes as well as at maxLines, always after a whole line', async () => {
    const rows = Array.from({ length: 30 }, (_v, i) => `{"id":"e${i}"}`);
    const at = file('bytes.ndjson', `${rows.join('\n')}\n`);
    const { lines, blocks } = await readAll(at, { maxLines: 1000, maxBytes: 50, chunkBytes: 16 });
    assert.deepEqual(
      lines.map((l) => l.text),
      rows,
    );
    assert.ok(blocks.length > 5, `${blocks.length} blocks`);
    for (const block of blocks.slice(0, -1)) assert.ok(block.lines >= 1 && block.lines <= 5, JSON.stringify(block));
  });

  it('reads no further ahead than its buffers allow: the next block waits until one is released', async () => {
    const at = file('ahead.ndjson', Array.from({ length: 10 }, (_v, i) => `line ${i}\n`).join(''));
    const reader = readBlocks(at, { start: 0, firstLine: 1, maxLineBytes: 64, maxLines: 1, maxBytes: 1024, maxBlocks: 2 });
    const first = (await reader.next()).value as LineBlock;
    const second = (await reader.next()).value as LineBlock;
    let third: LineBlock | null = null;
    const pending = reader.next().then((r) => (third = r.value as LineBlock));
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(third, null, 'both buffers are held: the third block is not read');
    assert.equal(second.bytes.toString(), 'line 1\n');
    first.release();
    await pending;
    assert.equal(third!.bytes.toString(), 'line 2\n');
    // The released buffer was reused, and the blocks still held keep their bytes.
    assert.equal(second.bytes.toString(), 'line 1\n');
    await reader.return(undefined);
  });
});

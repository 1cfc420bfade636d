import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';

/** One line of a file as read: its number (from 1), its text and the byte offset just after it. */
export interface FileLine {
  line: number;
  /** Without the line end (\n or \r\n); null when the line was longer than the limit (skipped unread). */
  text: string | null;
  /** Offset of the byte after this line's end: where a reader continuing after it starts. */
  end: number;
}

const NEWLINE = 0x0a;
const CR = 0x0d;

/**
 * Lines of a file from a byte offset, in chunks of `chunkBytes`, never holding more than one chunk and
 * one line (at most `maxLineBytes`; a longer line is reported with text null and skipped). The first
 * line number given is `firstLine`; a UTF-8 byte order mark at offset 0 is dropped.
 */
export async function* readLines(
  file: string,
  options: { start: number; firstLine: number; maxLineBytes: number; chunkBytes?: number },
): AsyncGenerator<FileLine> {
  const stream = createReadStream(file, { start: options.start, highWaterMark: options.chunkBytes ?? 256 * 1024 });
  let offset = options.start;
  let line = options.firstLine;
  let carry: Buffer[] = [];
  let carryBytes = 0;
  let tooLong = false;
  let atStart = options.start === 0;
  const decode = (parts: Buffer[], total: number): string => {
    let buffer = parts.length === 1 ? parts[0]! : Buffer.concat(parts, total);
    if (atStart) {
      atStart = false;
      if (buffer.length >= 3 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) buffer = buffer.subarray(3);
    }
    let length = buffer.length;
    if (length > 0 && buffer[length - 1] === CR) length -= 1;
    return buffer.toString('utf8', 0, length);
  };
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let from = 0;
      for (;;) {
        const at = chunk.indexOf(NEWLINE, from);
        if (at === -1) break;
        const piece = chunk.subarray(from, at);
        const end = offset + at + 1;
        if (tooLong || carryBytes + piece.length > options.maxLineBytes) {
          yield { line, text: null, end };
        } else {
          const parts = carryBytes > 0 ? [...carry, piece] : [piece];
          yield { line, text: decode(parts, carryBytes + piece.length), end };
        }
        atStart = false;
        line += 1;
        carry = [];
        carryBytes = 0;
        tooLong = false;
        from = at + 1;
      }
      const rest = chunk.subarray(from);
      if (!tooLong) {
        if (carryBytes + rest.length > options.maxLineBytes) {
          tooLong = true;
          carry = [];
          carryBytes = 0;
        } else if (rest.length > 0) {
          // A copy: the stream may reuse its chunk's memory.
          carry.push(Buffer.from(rest));
          carryBytes += rest.length;
        }
      }
      offset += chunk.length;
    }
    if (tooLong) yield { line, text: null, end: offset };
    else if (carryBytes > 0) yield { line, text: decode(carry, carryBytes), end: offset };
  } finally {
    stream.destroy();
  }
}

/**
 * Consecutive lines of a file, read together: their bytes as read (off the JavaScript heap, so that a
 * block waiting for the database costs the garbage collector nothing), parsed only when stored.
 */
export interface LineBlock {
  /** The lines' bytes, each ended by \n (a line over the limit is an empty line here, its number in tooLong). */
  bytes: Buffer;
  /** Number of the block's first line. */
  firstLine: number;
  /** Lines in the block (blank ones and those over the limit included). */
  lines: number;
  /** Numbers of the lines longer than the limit (skipped unread). */
  tooLong: number[];
  /** Offset of the byte after the block's last line: where a reader continuing after it starts. */
  end: number;
  /** Gives the block's memory back to the reader, for a later block (once its lines are no longer read). */
  release(): void;
}

/**
 * Lines of a file from a byte offset, `maxLines` at a time (or fewer once a block holds `maxBytes`), as
 * readLines reads them: a line over `maxLineBytes` skipped unread (an empty line in its block), a UTF-8
 * byte order mark at offset 0 dropped. The file is read into one buffer, and blocks are filled in
 * buffers of their own that come back when released: a block is not read until a buffer is free, so
 * the reader allocates nothing per block and never holds more than `maxBlocks` at once.
 */
export async function* readBlocks(
  file: string,
  options: { start: number; firstLine: number; maxLineBytes: number; maxLines: number; maxBytes: number; maxBlocks: number; chunkBytes?: number },
): AsyncGenerator<LineBlock> {
  const handle = await open(file, 'r');
  const chunk = Buffer.allocUnsafe(options.chunkBytes ?? 256 * 1024);
  // A block ends with the line that reaches maxBytes: with a line of at most maxLineBytes and its end,
  // it never needs more than this.
  const blockBytes = options.maxBytes + options.maxLineBytes + 2;
  const free: Buffer[] = [];
  let allocated = 0;
  let waiting: (() => void) | null = null;
  const takeBuffer = async (): Promise<Buffer> => {
    while (free.length === 0 && allocated >= options.maxBlocks) await new Promise<void>((resolve) => (waiting = resolve));
    if (free.length > 0) return free.pop()!;
    allocated += 1;
    return Buffer.allocUnsafe(blockBytes);
  };
  const giveBack = (buffer: Buffer): void => {
    free.push(buffer);
    const wake = waiting;
    waiting = null;
    wake?.();
  };
  let offset = options.start;
  let line = options.firstLine;
  let buffer = await takeBuffer();
  let used = 0;
  let firstLine = line;
  let lines = 0;
  let tooLongLines: number[] = [];
  // Where the line being read starts in `buffer` (its first bytes may come from an earlier chunk).
  let lineStart = 0;
  let tooLong = false;
  let atStart = options.start === 0;
  const append = (source: Buffer, from: number, to: number): void => {
    source.copy(buffer, used, from, to);
    used += to - from;
  };
  const take = (end: number): LineBlock => {
    const full = buffer;
    let released = false;
    const block: LineBlock = {
      bytes: full.subarray(0, used),
      firstLine,
      lines,
      tooLong: tooLongLines,
      end,
      release: () => {
        if (released) return;
        released = true;
        giveBack(full);
      },
    };
    used = 0;
    lineStart = 0;
    firstLine = line;
    lines = 0;
    tooLongLines = [];
    return block;
  };
  try {
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, offset);
      if (bytesRead === 0) break;
      let from = 0;
      if (atStart) {
        atStart = false;
        if (bytesRead >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) from = 3;
      }
      for (;;) {
        const at = chunk.indexOf(NEWLINE, from);
        if (at === -1 || at >= bytesRead) break;
        if (tooLong || used - lineStart + (at - from) > options.maxLineBytes) {
          used = lineStart;
          append(NEWLINE_BYTE, 0, 1);
          tooLongLines.push(line);
        } else append(chunk, from, at + 1);
        line += 1;
        lines += 1;
        lineStart = used;
        tooLong = false;
        from = at + 1;
        if (lines >= options.maxLines || used >= options.maxBytes) {
          const block = take(offset + at + 1);
          yield block;
          buffer = await takeBuffer();
        }
      }
      if (!tooLong) {
        if (used - lineStart + (bytesRead - from) > options.maxLineBytes) {
          tooLong = true;
          used = lineStart;
        } else append(chunk, from, bytesRead);
      }
      offset += bytesRead;
    }
    // The last line, when the file does not end with a line end.
    if (tooLong || used > lineStart) {
      if (tooLong) tooLongLines.push(line);
      append(NEWLINE_BYTE, 0, 1);
      line += 1;
      lines += 1;
    }
    if (lines > 0) yield take(offset);
  } finally {
    await handle.close();
  }
}

const NEWLINE_BYTE = Buffer.from('\n');

/**
 * The lines of a block one after the other, each with its number and text (without its line end;
 * null when the line was over the limit). One cursor for the whole block: nothing is made per line
 * but its text.
 */
export class BlockCursor {
  /** The current line's number (after next() returned true). */
  line = 0;
  /** The current line's text; null when it was over the limit. */
  text: string | null = null;
  private from = 0;
  private index = 0;
  private tooLongAt = 0;

  constructor(private readonly block: LineBlock) {}

  next(): boolean {
    const { block } = this;
    if (this.index >= block.lines) return false;
    const at = block.bytes.indexOf(NEWLINE, this.from);
    this.line = block.firstLine + this.index;
    this.index += 1;
    if (block.tooLong[this.tooLongAt] === this.line) {
      this.tooLongAt += 1;
      this.text = null;
    } else {
      const end = at > this.from && block.bytes[at - 1] === CR ? at - 1 : at;
      this.text = block.bytes.toString('utf8', this.from, end);
    }
    this.from = at + 1;
    return true;
  }
}

import { createReadStream } from 'node:fs';

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
}

/**
 * Lines of a file from a byte offset, `maxLines` at a time (or fewer once a block holds `maxBytes`), as
 * readLines reads them: never more than one chunk and one block at once, a line over `maxLineBytes`
 * skipped unread (an empty line in its block), a UTF-8 byte order mark at offset 0 dropped.
 */
export async function* readBlocks(
  file: string,
  options: { start: number; firstLine: number; maxLineBytes: number; maxLines: number; maxBytes: number; chunkBytes?: number },
): AsyncGenerator<LineBlock> {
  const stream = createReadStream(file, { start: options.start, highWaterMark: options.chunkBytes ?? 256 * 1024 });
  let offset = options.start;
  let line = options.firstLine;
  // The block being filled: its bytes in `buffer` (grown as needed, kept for the next block's size).
  let buffer = Buffer.allocUnsafe(Math.min(options.maxBytes + options.maxLineBytes + 1, 1024 * 1024));
  let used = 0;
  let firstLine = line;
  let lines = 0;
  let tooLongLines: number[] = [];
  // A line begun in an earlier chunk: its bytes are already in `buffer` from `lineStart`.
  let lineStart = 0;
  let tooLong = false;
  let atStart = options.start === 0;
  const append = (source: Buffer, from: number, to: number): void => {
    const length = to - from;
    if (used + length > buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(buffer.length * 2, used + length));
      buffer.copy(grown, 0, 0, used);
      buffer = grown;
    }
    source.copy(buffer, used, from, to);
    used += length;
  };
  const take = (end: number): LineBlock => {
    // A copy of the right size: the buffer is reused for the next block.
    const block: LineBlock = { bytes: Buffer.from(buffer.subarray(0, used)), firstLine, lines, tooLong: tooLongLines, end };
    used = 0;
    lineStart = 0;
    firstLine = line;
    lines = 0;
    tooLongLines = [];
    return block;
  };
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let from = 0;
      if (atStart) {
        atStart = false;
        if (chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) from = 3;
      }
      for (;;) {
        const at = chunk.indexOf(NEWLINE, from);
        if (at === -1) break;
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
        if (lines >= options.maxLines || used >= options.maxBytes) yield take(offset + at + 1);
      }
      if (!tooLong) {
        if (used - lineStart + (chunk.length - from) > options.maxLineBytes) {
          tooLong = true;
          used = lineStart;
        } else append(chunk, from, chunk.length);
      }
      offset += chunk.length;
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
    stream.destroy();
  }
}

const NEWLINE_BYTE = Buffer.from('\n');

/** The lines of a block, each with its number and text (without its line end; null when it was too long). */
export function* blockLines(block: LineBlock): Generator<{ line: number; text: string | null }> {
  let from = 0;
  let tooLongAt = 0;
  for (let i = 0; i < block.lines; i += 1) {
    const at = block.bytes.indexOf(NEWLINE, from);
    const line = block.firstLine + i;
    if (block.tooLong[tooLongAt] === line) {
      tooLongAt += 1;
      yield { line, text: null };
    } else {
      const end = at > from && block.bytes[at - 1] === CR ? at - 1 : at;
      yield { line, text: block.bytes.toString('utf8', from, end) };
    }
    from = at + 1;
  }
}

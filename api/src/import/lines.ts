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

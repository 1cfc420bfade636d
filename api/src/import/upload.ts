import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export class UploadTooLarge extends Error {
  constructor(readonly max: number) {
    super(`the file is larger than ${max} bytes`);
  }
}

/**
 * Writes a request body to `file` as it arrives (never held in memory), flushed to disk before it
 * resolves with the byte count. Over `maxBytes` it stops with UploadTooLarge; a client that goes away
 * rejects it. The partial file is removed on failure.
 */
export async function receiveFile(body: Readable, file: string, maxBytes: number, onProgress?: (bytes: number) => void): Promise<number> {
  await mkdir(path.dirname(file), { recursive: true });
  let bytes = 0;
  let lastReport = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > maxBytes) {
        callback(new UploadTooLarge(maxBytes));
        return;
      }
      if (onProgress && bytes - lastReport >= 8 * 1024 * 1024) {
        lastReport = bytes;
        onProgress(bytes);
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(body, counter, createWriteStream(file, { flush: true }));
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  return bytes;
}

/** Moves the received file to its final name (atomic on one file system). */
export async function keepFile(part: string, file: string): Promise<void> {
  await rename(part, file);
}

/** The first line of a file (at most `maxBytes`), for checking a CSV header before answering. */
export async function firstLine(file: string, maxBytes: number): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(maxBytes);
    const { bytesRead } = await handle.read(buffer, 0, maxBytes, 0);
    let text = buffer.subarray(0, bytesRead);
    if (text.length >= 3 && text[0] === 0xef && text[1] === 0xbb && text[2] === 0xbf) text = text.subarray(3);
    const end = text.indexOf(0x0a);
    return text.subarray(0, end === -1 ? text.length : end).toString('utf8').replace(/\r$/, '');
  } finally {
    await handle.close();
  }
}

import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';
import { BROTLI_PARAMS, COMPRESSION_THRESHOLD, ENCODINGS } from '../plugins/external/compress.ts';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export type AnswerEncoding = (typeof ENCODINGS)[number];

/**
 * The encoding a request's Accept-Encoding asks for, negotiated as the compress plugin negotiates it
 * (its own negotiator, with `*` and `x-gzip` read as gzip), so that a kept answer is encoded as any
 * other answer would be: null for none (no header, `identity`, or every encoding refused with q=0).
 */
export function acceptedEncoding(header: string | string[] | undefined): AnswerEncoding | null {
  if (header === undefined) return null;
  const text = (Array.isArray(header) ? header.join(',') : header).toLowerCase().replace(/\*|x-gzip/gu, 'gzip');
  return negotiate(text, [...ENCODINGS]);
}

/**
 * An analytics answer as the bytes it is sent as: its JSON, written once by the route's serializer,
 * and each compressed form made once, on zlib's threads, the first time a request asks for it. Kept
 * answers (decision 27) are sent to every user of an account as they are; writing and compressing
 * the same JSON again for each of them was most of the api's own work under load (decision 28).
 */
export class EncodedAnswer {
  readonly json: Buffer;
  private readonly compressed = new Map<AnswerEncoding, Promise<Buffer>>();

  constructor(json: string | Buffer | ArrayBuffer) {
    this.json = typeof json === 'string' ? Buffer.from(json) : Buffer.isBuffer(json) ? json : Buffer.from(json);
  }

  /** The body in `encoding`; the JSON itself when it is too small to gain from compression. */
  bodyIn(encoding: AnswerEncoding | null): { body: Buffer; encoding: AnswerEncoding | null } | Promise<{ body: Buffer; encoding: AnswerEncoding }> {
    if (encoding === null || this.json.length < COMPRESSION_THRESHOLD) return { body: this.json, encoding: null };
    let made = this.compressed.get(encoding);
    if (!made) {
      made =
        encoding === 'br'
          ? brotli(this.json, { params: { ...BROTLI_PARAMS, [constants.BROTLI_PARAM_SIZE_HINT]: this.json.length } })
          : gzipped(this.json);
      // A failure is not kept: the next request tries again.
      made.catch(() => this.compressed.delete(encoding));
      this.compressed.set(encoding, made);
    }
    return made.then((body) => ({ body, encoding }));
  }
}

/** Makes the answer of a route from its value, with the route's own serializer (its response schema). */
export function encodeAnswer(reply: FastifyReply, value: unknown): EncodedAnswer {
  return new EncodedAnswer(reply.serialize(value));
}

/**
 * Sends an encoded answer as the request accepts it. The compress plugin leaves an answer that
 * already has a Content-Encoding alone, so nothing is compressed twice.
 */
export async function sendEncoded(reply: FastifyReply, answer: EncodedAnswer): Promise<FastifyReply> {
  const { body, encoding } = await answer.bodyIn(acceptedEncoding(reply.request.headers['accept-encoding']));
  reply.header('content-type', 'application/json; charset=utf-8');
  reply.header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}

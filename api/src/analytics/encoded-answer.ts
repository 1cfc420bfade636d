import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { BROTLI_QUALITY, COMPRESSION_THRESHOLD } from '../plugins/external/compress.ts';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export type AnswerEncoding = 'br' | 'gzip';

/**
 * The encoding a request's Accept-Encoding asks for, brotli before gzip as the compress plugin
 * chooses: null for none (no header, `identity`, or both refused with q=0).
 */
export function acceptedEncoding(header: string | string[] | undefined): AnswerEncoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const encoding = name?.trim();
    if (!encoding) continue;
    const weight = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)).find(Boolean);
    q.set(encoding, weight ? Number(weight[1]) : 1);
  }
  const accepts = (name: AnswerEncoding): boolean => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
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
          ? brotli(this.json, { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: this.json.length } })
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

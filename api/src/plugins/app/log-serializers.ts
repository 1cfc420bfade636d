/**
 * What the request log writes about a request (Fastify's `logger.serializers`). Fastify's default
 * writes `req.url` whole, and an unsubscribe link's URL carries the recipient's address and the token
 * that unsubscribes it: anyone reading the info log could have used them (issue 21, decision 32). The
 * query's values of secrets and addresses are replaced, and any address left in the URL masked.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters whose values never reach the log. */
const SECRET_PARAMS = /^(?:token|address|email|e-mail|code|key|secret|password|state|nonce|id_token|access_token|refresh_token|client_secret|code_verifier)$/i;
const ADDRESS = /[^\s/?&=<>(),;:"'[\]\\@]+(?:@|%40)[^\s/?&=<>(),;:"'[\]\\@]+/gi;

/** The URL with secret and address parameters' values replaced by `[redacted]` and other addresses masked. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(ADDRESS, '[address]');
  if (q < 0) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is logged as sent, its value judged below
      }
      if (eq < 0) return pair.replace(ADDRESS, '[address]');
      return SECRET_PARAMS.test(decoded) ? `${name}=[redacted]` : `${name}=${pair.slice(eq + 1).replace(ADDRESS, '[address]')}`;
    })
    .join('&');
  return `${path}?${query}`;
}

/** An address as the log may show it: its first character and its domain (`a…@demo.example`). */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  return at <= 0 ? '[address]' : `${address[0]}…${address.slice(at)}`;
}

/** A connection URL without the password of its user part (`mqtt://user:[redacted]@host`). */
export function withoutPassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '[redacted]';
    return u.toString();
  } catch {
    return '[url]';
  }
}

/** Fastify's default request serializer, with the URL redacted. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

/** Logger options with these serializers (the caller's own serializers, if any, win); `false` stays off. */
export function withSerializers(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  return logger && typeof logger === 'object' ? { ...logger, serializers: { ...logSerializers, ...(logger as { serializers?: object }).serializers } } : logger;
}

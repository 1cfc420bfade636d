import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type Provider from 'oidc-provider';
import { verifyPasswordInConstantTime } from '../../auth/password.ts';
import { findUserByEmail } from '../../db/users.ts';
import { deleteExpiredOidcModels } from '../../oidc/adapter.ts';
import { loadOrCreateOidcKeys, type OidcKeys } from '../../oidc/keys.ts';
import { errorPage, loginPage, pickLocale, pickTheme } from '../../oidc/pages.ts';
import { createOidcProvider, OIDC_PREFIX } from '../../oidc/provider.ts';
import { deleteStaleThrottles, lockedFor, recordFailure, recordSuccess } from '../../oidc/throttle.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../seed/demo-data.ts';
import { maskAddress } from './log-serializers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Present only when the embedded provider runs (no external OIDC_AUTHORITY). */
    embeddedOidc: { provider: Provider; keys: OidcKeys; issuer: string } | null;
  }
}

const ROLE_LABEL = { supervisor: 'Operation', director: 'Management', presenter: 'TV / Display' } as const;

function demoAccountHints(): { email: string; description: string }[] {
  return DEMO_ACCOUNTS.flatMap((account) =>
    account.users.map((u) => {
      const flags = [ROLE_LABEL[u.role], u.is_admin ? 'admin' : null, u.is_tilelytics ? null : 'not enabled'].filter(Boolean);
      return { email: u.email, description: `${u.display_name}, ${account.name} (${flags.join(', ')})` };
    }),
  );
}

/**
 * oidc-provider drops offline_access unless prompt=consent is sent, and MSAL never sends a prompt,
 * so refresh tokens would never be issued. Ask for consent on every interactive authorization
 * request (consent is granted automatically, see the interaction route).
 */
export function withConsentPrompt(url: URL): URL {
  const scopes = (url.searchParams.get('scope') ?? '').split(' ');
  if (!scopes.includes('offline_access')) return url;
  const prompts = new Set((url.searchParams.get('prompt') ?? '').split(' ').filter(Boolean));
  if (prompts.has('none')) return url;
  // Only login and consent prompts exist here; select_account means "let me sign in again".
  if (prompts.delete('select_account')) prompts.add('login');
  prompts.add('consent');
  url.searchParams.set('prompt', [...prompts].join(' '));
  return url;
}

async function oidcPlugin(app: FastifyInstance): Promise<void> {
  const { config } = app;
  if (!config.oidc.embedded) {
    app.decorate('embeddedOidc', null);
    return;
  }
  const keys = await loadOrCreateOidcKeys(config.dataDir);
  const provider = createOidcProvider(config, app.db, keys);
  const issuer = `${config.publicUrl}${OIDC_PREFIX}`;
  app.decorate('embeddedOidc', { provider, keys, issuer });
  app.log.warn(
    { issuer },
    'EMBEDDED OpenID Connect provider in use: development sign-in with demo passwords. ' +
      'Set OIDC_AUTHORITY, OIDC_CLIENT_ID and OIDC_AUDIENCE for production.',
  );

  // Expired sessions, codes, tokens and old sign-in counts go at start and every 10 minutes (any
  // instance may do it: the deletes are idempotent).
  const sweep = async (): Promise<void> => {
    try {
      await deleteExpiredOidcModels(app.db);
      await deleteStaleThrottles(app.db);
    } catch (error) {
      app.log.warn({ err: error }, 'embedded provider: clean-up of expired entries failed');
    }
  };
  await sweep();
  const sweeper = setInterval(() => void sweep(), 10 * 60 * 1000);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  const publicUrl = new URL(config.publicUrl);
  const callback = provider.callback();
  const demoHints = demoAccountHints();

  await app.register(async (scope) => {
    // Whatever sits in front of the api, the provider sees the public origin.
    scope.addHook('onRequest', async (request) => {
      request.raw.headers['x-forwarded-proto'] = publicUrl.protocol.replace(':', '');
      request.raw.headers['x-forwarded-host'] = publicUrl.host;
    });

    // --- interactions: our sign-in page and the automatic consent ---
    await scope.register(async (interactions) => {
      interactions.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 16 * 1024 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );

      const renderError = (reply: FastifyReply, locale: string, error: unknown, status = 400): FastifyReply => {
        const e = error as { error?: string; error_description?: string; message?: string };
        return reply
          .status(status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(errorPage(pickLocale(locale), { error: e.error ?? 'invalid_request', error_description: e.error_description ?? e.message ?? '' }));
      };

      const finish = async (request: FastifyRequest, reply: FastifyReply, result: Parameters<Provider['interactionResult']>[2]) => {
        const url = await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: true });
        return reply.header('cache-control', 'no-store').redirect(url, 303);
      };

      interactions.get<{ Params: { uid: string } }>('/interaction/:uid', async (request, reply) => {
        let details;
        try {
          details = await provider.interactionDetails(request.raw, reply.raw);
        } catch (error) {
          return renderError(reply, String(request.headers['accept-language'] ?? ''), error);
        }
        if (details.uid !== request.params.uid) return renderError(reply, '', { error: 'invalid_request', error_description: 'interaction mismatch' });
        const { prompt, params } = details;
        if (prompt.name === 'consent') {
          // Our own first-party client: consent is implied, grant what was asked.
          const grant = details.grantId
            ? await provider.Grant.find(details.grantId)
            : new provider.Grant({ accountId: details.session!.accountId, clientId: String(params.client_id) });
          if (!grant) return renderError(reply, String(params.ui_locales ?? ''), { error: 'invalid_request', error_description: 'grant not found' });
          const missing = prompt.details as {
            missingOIDCScope?: string[];
            missingOIDCClaims?: string[];
            missingResourceScopes?: Record<string, string[]>;
          };
          if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
          if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
          for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
            grant.addResourceScope(indicator, scopes.join(' '));
          }
          const grantId = await grant.save();
          return finish(request, reply, { consent: details.grantId ? {} : { grantId } });
        }
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(
            loginPage({
              locale: pickLocale(params.ui_locales),
              theme: pickTheme(params.theme),
              action: `${OIDC_PREFIX}/interaction/${details.uid}/login`,
              email: typeof params.login_hint === 'string' ? params.login_hint : '',
              demoAccounts: demoHints,
              demoPassword: DEMO_PASSWORD,
            }),
          );
      });

      interactions.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>(
        '/interaction/:uid/login',
        async (request, reply) => {
          let details;
          try {
            details = await provider.interactionDetails(request.raw, reply.raw);
          } catch (error) {
            return renderError(reply, String(request.headers['accept-language'] ?? ''), error);
          }
          if (details.uid !== request.params.uid || details.prompt.name !== 'login') {
            return renderError(reply, String(details.params.ui_locales ?? ''), { error: 'invalid_request', error_description: 'unexpected interaction' });
          }
          const email = String(request.body?.email ?? '').trim();
          const password = String(request.body?.password ?? '');
          const keys = { account: email.toLowerCase().slice(0, 320), address: request.ip };
          const page = (status: number, extra: { failed?: boolean; lockedSeconds?: number }) => {
            if (extra.lockedSeconds) reply.header('retry-after', String(extra.lockedSeconds));
            return reply
              .status(status)
              .type('text/html; charset=utf-8')
              .header('cache-control', 'no-store')
              .send(
                loginPage({
                  locale: pickLocale(details.params.ui_locales),
                  theme: pickTheme(details.params.theme),
                  action: `${OIDC_PREFIX}/interaction/${details.uid}/login`,
                  email,
                  ...extra,
                  demoAccounts: demoHints,
                  demoPassword: DEMO_PASSWORD,
                }),
              );
          };
          // Locked (too many failures on this e-mail or from this address): refused unchecked.
          const locked = await lockedFor(app.db, keys);
          if (locked > 0) {
            request.log.info({ email: maskAddress(email), ip: request.ip }, 'embedded sign-in refused: locked');
            return page(429, { lockedSeconds: locked });
          }
          const user = email ? await findUserByEmail(app.db, email) : null;
          // One scrypt derivation whether or not the e-mail exists (same response time).
          const ok = await verifyPasswordInConstantTime(password, user?.password_hash);
          if (!ok || !user) {
            request.log.info({ email: maskAddress(email), ip: request.ip }, 'embedded sign-in refused');
            const lockedNow = await recordFailure(app.db, keys);
            return lockedNow > 0 ? page(429, { lockedSeconds: lockedNow }) : page(401, { failed: true });
          }
          await recordSuccess(app.db, keys);
          return finish(request, reply, { login: { accountId: user.user_id, remember: true } });
        },
      );
    }, { prefix: OIDC_PREFIX });

    // --- everything else goes to oidc-provider (a Koa app) untouched ---
    await scope.register(async (passthrough) => {
      // Leave request bodies unread: the provider parses them itself.
      passthrough.removeAllContentTypeParsers();
      passthrough.addContentTypeParser('*', (_request, _payload, done) => done(null));
      const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
        reply.hijack();
        const raw = request.raw as IncomingMessage & { originalUrl?: string };
        const original = raw.url ?? '/';
        let inner = original.slice(OIDC_PREFIX.length) || '/';
        if (!inner.startsWith('/')) inner = `/${inner}`;
        if (request.method === 'GET' && /^\/auth(\?|$)/.test(inner)) {
          const url = withConsentPrompt(new URL(inner, 'https://provider.invalid'));
          inner = `${url.pathname}${url.search}`;
        }
        // oidc-provider derives its mount path from originalUrl minus url.
        raw.originalUrl = `${OIDC_PREFIX}${inner}`;
        raw.url = inner;
        await callback(raw, reply.raw as ServerResponse);
      };
      passthrough.all('/', handler);
      passthrough.all('/*', handler);
    }, { prefix: OIDC_PREFIX });
  });
}

export default fp(oidcPlugin, { name: 'oidc', dependencies: ['config', 'db'] });

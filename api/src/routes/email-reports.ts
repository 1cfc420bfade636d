import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ValidationError } from 'yup';
import {
  deleteReport,
  factoryScope,
  findDelivery,
  findReport,
  findReportOfLink,
  insertReport,
  listDeliveries,
  listReports,
  lockAccountReports,
  reportOptions,
  reportQuota,
  setReportActive,
  unsubscribeRecipient,
  updateReport,
} from '../db/email-reports.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError, apiError, errors } from '../errors.ts';
import { currentUser } from '../plugins/app/auth.ts';
import { validationItems } from '../plugins/app/error-handler.ts';
import { allowList, claimTestSend, recipientPolicy, replaceAllowList } from '../reports/recipients.ts';
import { unsubscribePage, verifyUnsubscribeToken } from '../reports/unsubscribe.ts';
import {
  ERROR_CODES,
  RECIPIENT_ALLOW_LIST_MAX,
  EmailReportInputSchema,
  EmailReportSchema,
  ReportDeliveryMessageSchema,
  ReportDeliverySchema,
  ReportPreviewSchema,
  ReportOptionsSchema,
  ReportQuotaSchema,
  Uuid,
  canAuthorReports,
  disallowedRecipients,
  emailReportSchema,
  normaliseAllowEntry,
  normaliseRecipient,
  withErrors,
  type ApiErrorItem,
  type EmailReport,
  type EmailReportInput,
} from '@linepulse/contracts';

const reportRules = emailReportSchema();
const CODE = /^[A-Z][A-Z0-9_]+$/;

/** The shared yup rules (product §5), every problem one item with arguments.field. */
async function ruleProblems(body: unknown): Promise<{ input: EmailReportInput | null; problems: ApiErrorItem[] }> {
  try {
    const input = (await reportRules.validate(body, { abortEarly: false, stripUnknown: false })) as EmailReportInput;
    return { input, problems: [] };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const seen = new Set<string>();
    const problems: ApiErrorItem[] = [];
    for (const issue of error.inner.length ? error.inner : [error]) {
      // recipients[2] → recipients (the index goes into arguments).
      const path = issue.path ?? 'body';
      const index = /\[(\d+)\]$/.exec(path);
      const field = path.replace(/\[\d+\]$/, '');
      const message = String(issue.message);
      const code = CODE.test(message) ? message : ERROR_CODES.validation;
      const key = `${path}|${code}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const args: Record<string, string | number> = { field };
      if (index) args.index = Number(index[1]);
      problems.push({ code, arguments: args, message: `${path} is invalid` });
    }
    return { input: null, problems };
  }
}

const notFound = (id: string): ApiError => apiError(404, ERROR_CODES.reportNotFound, 'Report not found.', { id });

/** The caller, if their role may write reports and send tests: not the shop floor's display (decision 32). */
function author(request: FastifyRequest): ReturnType<typeof currentUser> {
  const user = currentUser(request);
  if (!canAuthorReports(user.role)) {
    throw apiError(403, ERROR_CODES.reportRoleForbidden, 'This role cannot create, change or send e-mail reports.', { role: user.role });
  }
  return user;
}

/**
 * Scheduled e-mail reports (product §3, §5, §7, §8), per account and per user: each call sees and
 * changes only the caller's own reports; anyone else's is a 404 like an unknown one. Creation counts
 * the whole account's reports against its package (RPT_LIMIT_REACHED, or RPT_SUBSCRIPTION_LIMIT for a
 * package without reports).
 */
export const emailReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const tags = ['e-mail reports'];
  const security = [{ bearerAuth: [] }];
  // The unsubscribe form and mail clients' one-click POST (RFC 8058) send a form body.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  /** The body checked against the rules and the factory's lines and shifts; a 400 lists every problem. */
  async function checkedInput(request: FastifyRequest, q: Queryable, accountId: string, factoryId: string): Promise<EmailReportInput> {
    const { validationError } = request;
    if (validationError?.validationContext === 'params') {
      throw new ApiError(400, validationItems((validationError.validation ?? []) as never[], 'params'));
    }
    const { input, problems } = await ruleProblems(request.body);
    const coded = new Set(problems.map((p) => String(p.arguments.field)));
    const shape = validationError
      ? validationItems((validationError.validation ?? []) as never[], 'body').filter((p) => !coded.has(String(p.arguments.field).replace(/\.\d+$/, '')))
      : [];
    if (validationError && shape.length === 0 && problems.length === 0) {
      shape.push({ code: ERROR_CODES.validation, arguments: { field: 'body', in: 'body' }, message: 'body is invalid' });
    }
    const all = [...shape, ...problems];
    const scope = await factoryScope(q, accountId, factoryId);
    if (!scope) throw errors.factoryNotFound(factoryId);
    if (input) {
      input.production_unit_ids.forEach((id, index) => {
        if (!scope.units.has(id.toLowerCase())) all.push({ code: ERROR_CODES.reportUnitNotInFactory, arguments: { field: 'production_unit_ids', index, id }, message: `line ${id} is not in this factory` });
      });
      input.work_shift_ids.forEach((id, index) => {
        if (!scope.shifts.has(id.toLowerCase())) all.push({ code: ERROR_CODES.reportShiftNotInFactory, arguments: { field: 'work_shift_ids', index, id }, message: `shift ${id} is not in this factory` });
      });
      // Only the account's domain, its users and its allow-list (decision 32): one item per address.
      for (const { address, index } of disallowedRecipients(input.recipients.map(normaliseRecipient), await recipientPolicy(q, accountId))) {
        all.push({ code: ERROR_CODES.reportRecipientNotAllowed, arguments: { field: 'recipients', index, address }, message: `${address} is not an allowed recipient for this account` });
      }
    }
    if (all.length > 0 || !input) throw new ApiError(400, all);
    return {
      ...input,
      title: input.title.trim(),
      recipients: [...new Set(input.recipients.map(normaliseRecipient))],
      production_unit_ids: [...new Set(input.production_unit_ids.map((id) => id.toLowerCase()))],
      work_shift_ids: [...new Set(input.work_shift_ids.map((id) => id.toLowerCase()))],
    };
  }

  /** A write that failed for another reason than the input: product §8's "failed to save". */
  async function saving<T>(what: () => Promise<T>, code: string = ERROR_CODES.reportSaveFailed): Promise<T> {
    try {
      return await what();
    } catch (error) {
      if (error instanceof ApiError) throw error;
      app.log.error({ err: error }, 'e-mail report write failed');
      throw apiError(500, code, 'The report could not be saved.');
    }
  }

  async function mine(request: FastifyRequest, id: string): Promise<EmailReport> {
    const user = currentUser(request);
    const report = await findReport(db, user.account_id, user.user_id, id.toLowerCase());
    if (!report) throw notFound(id);
    return report;
  }

  const FactoryParams = Type.Object({ factoryId: Uuid });
  const IdParams = Type.Object({ id: Uuid });
  const DeliveryParams = Type.Object({ id: Uuid, deliveryId: Uuid });

  app.get(
    '/factories/:factoryId/user/email-reports',
    {
      schema: {
        summary: 'The caller’s e-mail reports of a factory, by title, each with its next and last delivery',
        tags,
        security,
        params: FactoryParams,
        response: withErrors({ 200: Type.Array(EmailReportSchema) }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { factoryId } = request.params;
      if (!(await factoryScope(db, user.account_id, factoryId))) throw errors.factoryNotFound(factoryId);
      return listReports(db, user.account_id, user.user_id, factoryId.toLowerCase());
    },
  );

  app.get(
    '/factories/:factoryId/user/email-reports/options',
    {
      schema: {
        summary: 'The lines and shifts a report of the factory can select, with their ids (any user of the product)',
        tags,
        security,
        params: FactoryParams,
        response: withErrors({ 200: ReportOptionsSchema }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const factoryId = request.params.factoryId.toLowerCase();
      if (!(await factoryScope(db, user.account_id, factoryId))) throw errors.factoryNotFound(factoryId);
      return reportOptions(db, user.account_id, factoryId);
    },
  );

  app.get(
    '/user/email-reports/quota',
    {
      schema: {
        summary: 'How many reports the account’s package allows and how many it has (every user)',
        tags,
        security,
        response: withErrors({ 200: ReportQuotaSchema }, [401, 403, 500]),
      },
    },
    async (request) => reportQuota(db, currentUser(request).account_id),
  );

  // The account's allow-list of recipients outside its domain and users (decision 32), kept by its admins.
  const AllowList = Type.Object({
    account_domain: Type.String({ description: 'Addresses of this domain and its subdomains are always allowed, as are the account’s users' }),
    entries: Type.Array(Type.String(), { description: `Addresses (name@partner.example) or whole domains (@partner.example), at most ${RECIPIENT_ALLOW_LIST_MAX}` }),
  });
  const allowListOf = async (accountId: string) => ({ account_domain: (await recipientPolicy(db, accountId)).accountDomain, entries: await allowList(db, accountId) });
  app.get(
    '/account/email-report-recipients',
    {
      config: { access: 'admin' },
      schema: { summary: 'The recipients the account’s reports may address besides its domain and users (admins)', tags, security, response: withErrors({ 200: AllowList }) },
    },
    async (request) => allowListOf(currentUser(request).account_id),
  );
  app.put(
    '/account/email-report-recipients',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Replace the account’s allow-list of report recipients (admins); reports to addresses it no longer allows skip them at delivery',
        tags,
        security,
        body: Type.Object({ entries: Type.Array(Type.String({ maxLength: 254 }), { maxItems: RECIPIENT_ALLOW_LIST_MAX }) }, { additionalProperties: false }),
        response: withErrors({ 200: AllowList }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const problems: ApiErrorItem[] = [];
      const entries = new Set<string>();
      request.body.entries.forEach((entry, index) => {
        const normalised = normaliseAllowEntry(entry);
        if (normalised) entries.add(normalised);
        else problems.push({ code: ERROR_CODES.reportAllowEntryInvalid, arguments: { field: 'entries', index, entry }, message: `${entry} is neither an address nor @domain` });
      });
      if (problems.length > 0) throw new ApiError(400, problems);
      await saving(() => db.transaction((tx) => replaceAllowList(tx, user.account_id, [...entries])));
      return allowListOf(user.account_id);
    },
  );

  app.post(
    '/factories/:factoryId/user/email-reports',
    {
      attachValidation: true,
      schema: {
        summary: 'Create an e-mail report for the caller (counted against the account’s package)',
        tags,
        security,
        params: FactoryParams,
        body: EmailReportInputSchema,
        response: withErrors({ 201: EmailReportSchema }, [400, 401, 403, 404, 409, 500]),
      },
    },
    async (request, reply) => {
      const user = author(request);
      const factoryId = request.params.factoryId.toLowerCase();
      const id = await saving(() =>
        db.transaction(async (tx) => {
          const input = await checkedInput(request, tx, user.account_id, factoryId);
          await lockAccountReports(tx, user.account_id);
          const quota = await reportQuota(tx, user.account_id);
          if (quota.max === 0) throw apiError(409, ERROR_CODES.reportSubscriptionLimit, 'The subscription does not include e-mail reports.', { max: 0, package: quota.package });
          if (quota.used >= quota.max) {
            throw apiError(409, ERROR_CODES.reportLimitReached, `The maximum number of reports (${quota.max}) has been reached.`, { max: quota.max, package: quota.package });
          }
          return insertReport(tx, user.account_id, user.user_id, factoryId, input);
        }),
      );
      return reply.status(201).send((await findReport(db, user.account_id, user.user_id, id))!);
    },
  );

  app.get(
    '/user/email-reports/:id',
    { schema: { summary: 'One of the caller’s e-mail reports', tags, security, params: IdParams, response: withErrors({ 200: EmailReportSchema }) } },
    async (request) => mine(request, request.params.id),
  );

  app.put(
    '/user/email-reports/:id',
    {
      attachValidation: true,
      schema: {
        summary: 'Replace one of the caller’s e-mail reports (its next delivery follows the new schedule)',
        tags,
        security,
        params: IdParams,
        body: EmailReportInputSchema,
        response: withErrors({ 200: EmailReportSchema }),
      },
    },
    async (request) => {
      const user = author(request);
      if (request.validationError?.validationContext === 'params') {
        throw new ApiError(400, validationItems((request.validationError.validation ?? []) as never[], 'params'));
      }
      const id = request.params.id.toLowerCase();
      const current = await mine(request, id);
      await saving(() =>
        db.transaction(async (tx) => {
          const input = await checkedInput(request, tx, user.account_id, current.factory_id);
          if (!(await updateReport(tx, user.account_id, user.user_id, id, input))) throw notFound(id);
        }),
      );
      return mine(request, id);
    },
  );

  app.put(
    '/user/email-reports/:id/active',
    {
      schema: {
        summary: 'Turn one of the caller’s reports on (next delivery from now) or off',
        tags,
        security,
        params: IdParams,
        body: Type.Object({ active: Type.Boolean() }, { additionalProperties: false }),
        response: withErrors({ 200: EmailReportSchema }),
      },
    },
    async (request) => {
      // Open to every role: a report written before decision 32 by the display can still be switched off.
      const user = currentUser(request);
      const id = request.params.id.toLowerCase();
      const done = await saving(() => setReportActive(db, user.account_id, user.user_id, id, request.body.active));
      if (!done) throw notFound(id);
      return mine(request, id);
    },
  );

  app.delete(
    '/user/email-reports/:id',
    {
      schema: {
        summary: 'Delete one of the caller’s reports and its delivery history',
        tags,
        security,
        params: IdParams,
        response: withErrors({ 204: Type.Null({ description: 'No content' }) }),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const id = request.params.id.toLowerCase();
      const done = await saving(() => deleteReport(db, user.account_id, user.user_id, id), ERROR_CODES.reportDeletePreviousFailed);
      if (!done) throw notFound(id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/factories/:factoryId/user/email-reports/preview',
    {
      attachValidation: true,
      schema: {
        summary: 'The e-mail a report with these settings would send now (nothing is stored or sent)',
        tags,
        security,
        params: FactoryParams,
        body: EmailReportInputSchema,
        response: withErrors({ 200: ReportPreviewSchema }),
      },
    },
    async (request) => {
      const user = author(request);
      const factoryId = request.params.factoryId.toLowerCase();
      const input = await checkedInput(request, db, user.account_id, factoryId);
      const rendered = await app.reports.render({ ...input, account_id: user.account_id, factory_id: factoryId, id: null }, Date.now(), { inlineImages: true });
      return { subject: rendered.subject, html: rendered.html, text: rendered.text, window_start: new Date(rendered.window.start).toISOString(), window_end: new Date(rendered.window.end).toISOString() };
    },
  );

  app.post(
    '/user/email-reports/:id/test',
    {
      schema: {
        summary: 'Send the report now to the caller only (recorded in its history as a test)',
        description: 'Not for the presenter role (403 RPT_ROLE_FORBIDDEN). At most 5 an hour per user and 20 per account: 429 RPT_TEST_RATE_LIMITED with Retry-After.',
        tags,
        security,
        params: IdParams,
        response: withErrors({ 201: ReportDeliverySchema }, [400, 401, 403, 404, 429, 500]),
      },
    },
    async (request, reply) => {
      const user = author(request);
      const report = await mine(request, request.params.id);
      // Counted before anything is sent, per user and per account, in the database (decision 32).
      const claim = await claimTestSend(db, user.account_id, user.user_id);
      if (!claim.allowed) {
        reply.header('retry-after', String(claim.retryAfterSeconds));
        throw apiError(
          429,
          ERROR_CODES.reportTestRateLimited,
          `Too many test sends: at most ${claim.max} per ${claim.windowSeconds / 60} minutes for ${claim.scope === 'user' ? 'each user' : 'the account'}. Try again in ${claim.retryAfterSeconds} s.`,
          { scope: claim.scope, max: claim.max, window_minutes: claim.windowSeconds / 60, retry_after_seconds: claim.retryAfterSeconds, retry_after_minutes: Math.ceil(claim.retryAfterSeconds / 60) },
        );
      }
      const delivery = await app.reports.sendTest(user.account_id, report.id, normaliseRecipient(user.email));
      return reply.status(201).send(delivery);
    },
  );

  app.get(
    '/user/email-reports/:id/deliveries',
    {
      schema: {
        summary: 'The report’s deliveries, newest first (50): when, to whom, outcome and the SMTP server’s answer',
        tags,
        security,
        params: IdParams,
        response: withErrors({ 200: Type.Array(ReportDeliverySchema) }),
      },
    },
    async (request) => {
      const report = await mine(request, request.params.id);
      return listDeliveries(db, currentUser(request).account_id, report.id);
    },
  );

  app.get(
    '/user/email-reports/:id/deliveries/:deliveryId',
    {
      schema: {
        summary: 'One delivery with the message as sent (HTML, text and the MIME source)',
        tags,
        security,
        params: DeliveryParams,
        response: withErrors({ 200: ReportDeliveryMessageSchema }),
      },
    },
    async (request) => {
      const report = await mine(request, request.params.id);
      const delivery = await findDelivery(db, currentUser(request).account_id, report.id, request.params.deliveryId.toLowerCase());
      if (!delivery) throw apiError(404, ERROR_CODES.reportDeliveryNotFound, 'Delivery not found.', { id: request.params.deliveryId });
      return delivery;
    },
  );

  // One-click unsubscribe (no sign-in): the link in the e-mail shows a confirmation page whose button
  // posts; mail clients post directly (List-Unsubscribe-Post). Both end on a page in the report's language.
  const UnsubscribeQuery = Type.Object({ address: Type.String({ maxLength: 254 }), token: Type.String({ maxLength: 128 }) });
  // The pages are HTML (strings sent as text/html, never serialised); a refusal made before the handler
  // (text that cannot be stored, such as %00 in the id) is the standard JSON error body.
  const page = withErrors({ 200: Type.String({ description: 'An HTML page (also for a malformed or forged link, with status 400)' }) }, [400, 500]);
  async function unsubscribeTarget(id: string, address: string, token: string) {
    const report = await findReportOfLink(db, id.toLowerCase());
    return report && verifyUnsubscribeToken(report, address, token) ? report : null;
  }
  type StoredReport = NonNullable<Awaited<ReturnType<typeof unsubscribeTarget>>>;
  /**
   * The page of an unsubscribe link: `answer` with the report the link is for, or, for any link that is
   * malformed (a mail client may cut or mangle it) or forged, the translated "invalid link" page rather
   * than a JSON refusal meant for programs.
   */
  const unsubscribeRoute = (method: 'GET' | 'POST', summary: string, answer: (report: StoredReport, address: string, url: string) => Promise<string> | string) =>
    app.route({
      method,
      url: '/email-reports/:id/unsubscribe',
      config: { access: 'public' },
      attachValidation: true,
      schema: { summary, tags, params: IdParams, querystring: UnsubscribeQuery, response: page },
      handler: async (request, reply) => {
        reply.type('text/html; charset=utf-8');
        const invalid = () => reply.status(400).send(unsubscribePage('invalid', request.headers['accept-language']));
        if (request.validationError) return invalid();
        const { address, token } = request.query;
        const report = await unsubscribeTarget(request.params.id, address, token);
        if (!report) return invalid();
        return answer(report, address, request.url);
      },
    });
  unsubscribeRoute('GET', 'Unsubscribe page of a recipient (link of the e-mail; no sign-in)', (report, address, url) =>
    unsubscribePage('confirm', report.language, { address, action: url }),
  );
  unsubscribeRoute('POST', 'Unsubscribe a recipient (the page’s button, or a mail client’s one-click POST)', async (report, address) => {
    await unsubscribeRecipient(db, report.account_id, report.id, normaliseRecipient(address));
    return unsubscribePage('done', report.language, { address });
  });
};

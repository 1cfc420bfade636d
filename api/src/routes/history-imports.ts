import { rm } from 'node:fs/promises';
import path from 'node:path';
import { TypeBoxValidatorCompiler, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { Type } from 'typebox';
import {
  ERROR_CODES,
  FactoryIdParams,
  HISTORY_IMPORT_CODES,
  HISTORY_IMPORT_CONTENT_TYPES,
  HISTORY_IMPORT_MAX_FILE_BYTES,
  HISTORY_IMPORT_MAX_LINE_BYTES,
  HistoryImportBodyDoc,
  HistoryImportDetailSchema,
  HistoryImportParams,
  HistoryImportSchema,
  HistoryImportKeyUploadQuery,
  HistoryImportUploadQuery,
  Uuid,
  withErrors,
  type HistoryImport,
  type HistoryImportFormat,
} from '@linepulse/contracts';
import { factoryExists } from '../db/factories.ts';
import { findIngestKeyOwner } from '../db/ingest-keys.ts';
import { ApiError, apiError, errors } from '../errors.ts';
import { createJob, failJob, jobDetail, jobView, listJobs, readJob, uploadFinished, type ImportJob } from '../import/jobs.ts';
import { parseCsvHeader } from '../import/parse.ts';
import { HistoryImportRunner, importFile } from '../import/runner.ts';
import { firstLine, keepFile, receiveFile, UploadTooLarge } from '../import/upload.ts';
import { currentUser } from '../plugins/app/auth.ts';

/** Params and query are checked from their schema; the body is the file, read as a stream by the handler. */
const streamValidator: FastifySchemaCompiler<unknown> = (route) => {
  if (route.httpPart === 'body') return (value: unknown) => ({ value });
  return (TypeBoxValidatorCompiler as unknown as FastifySchemaCompiler<unknown>)(route);
};

const LIST_LIMIT = 20;

interface Owner {
  accountId: string;
  factoryId: string;
  userId: string | null;
}

/**
 * History import (issue 21, decision 34): a file of ingestion events for one factory, uploaded as a
 * stream to DATA_DIR/imports, then stored in batches and derived by the instance's runner, which also
 * continues unfinished jobs at start. Administrators of the factory's account upload from the admin
 * area; a command uploads with the factory's ingest key (`/ingest/v1/history-imports`).
 */
export const historyImportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const dir = path.join(app.config.dataDir, 'imports');
  const runner = new HistoryImportRunner(db, dir, app.log);
  app.addHook('onReady', async () => {
    await runner.resume();
    runner.startPolling();
  });
  app.addHook('preClose', async () => {
    await runner.stop();
  });

  // The file's content types: the body is left unread here and streamed to disk by the handler.
  app.addContentTypeParser(Object.keys(HISTORY_IMPORT_CONTENT_TYPES), (_request, _payload, done) => done(null));

  async function upload(request: FastifyRequest, reply: FastifyReply, owner: Owner): Promise<FastifyReply> {
    const query = request.query as { format?: HistoryImportFormat; file_name?: string };
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!(type in HISTORY_IMPORT_CONTENT_TYPES)) {
      throw apiError(415, ERROR_CODES.mediaTypeUnsupported, 'Send the file as application/x-ndjson, text/csv or application/octet-stream (with ?format=).', {
        content_type: type,
      });
    }
    const format = query.format ?? HISTORY_IMPORT_CONTENT_TYPES[type];
    if (!format) throw apiError(400, HISTORY_IMPORT_CODES.formatRequired, 'Say which format the file has: ?format=ndjson or ?format=csv.', { field: 'format' });
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > HISTORY_IMPORT_MAX_FILE_BYTES) {
      throw apiError(413, HISTORY_IMPORT_CODES.fileTooLarge, `The file is larger than ${HISTORY_IMPORT_MAX_FILE_BYTES} bytes.`, { max: HISTORY_IMPORT_MAX_FILE_BYTES });
    }
    const job = await createJob(db, { accountId: owner.accountId, factoryId: owner.factoryId, format, fileName: query.file_name ?? null, createdBy: owner.userId, runner: runner.id });
    const part = importFile(dir, job, true);
    const refuse = async (error: ApiError): Promise<never> => {
      // A refused file leaves nothing behind: no job, no file.
      await db.query('DELETE FROM history_imports WHERE account_id = $1 AND id = $2', [job.account_id, job.id]);
      throw error;
    };
    let bytes: number;
    try {
      bytes = await receiveFile(request.raw, part, HISTORY_IMPORT_MAX_FILE_BYTES, (received) => {
        void db.query('UPDATE history_imports SET bytes_total = $3, heartbeat_at = now(), updated_at = now() WHERE account_id = $1 AND id = $2', [job.account_id, job.id, received]).catch(() => undefined);
      });
    } catch (error) {
      if (error instanceof UploadTooLarge) {
        return refuse(apiError(413, HISTORY_IMPORT_CODES.fileTooLarge, `The file is larger than ${error.max} bytes.`, { max: error.max }));
      }
      // The client went away (or the body broke off): the job says so; the answer, if anyone reads it, too.
      const failure = { code: HISTORY_IMPORT_CODES.uploadIncomplete, arguments: {}, message: 'The upload stopped before the end of the file: send the file again.' };
      await failJob(db, job.account_id, job.id, failure);
      request.log.warn({ err: error, importId: job.id }, 'history import: upload incomplete');
      throw new ApiError(400, failure);
    }
    if (bytes === 0) return refuse(apiError(400, HISTORY_IMPORT_CODES.fileEmpty, 'The file is empty.', { field: 'body' }));
    if (format === 'csv') {
      const header = await firstLine(part, HISTORY_IMPORT_MAX_LINE_BYTES);
      const checked = header.trim() === '' ? null : parseCsvHeader(header);
      if (checked && 'problem' in checked) {
        await rm(part, { force: true });
        return refuse(new ApiError(400, { code: checked.problem.code, arguments: { ...checked.problem.arguments, line: 1 }, message: checked.problem.message }));
      }
    }
    await keepFile(part, importFile(dir, job));
    await uploadFinished(db, job, bytes);
    const stored = (await readJob(db, job.account_id, job.factory_id, job.id)) as ImportJob;
    runner.enqueue(stored);
    return reply.status(202).send(await jobView(db, stored));
  }

  async function ownFactory(accountId: string, factoryId: string): Promise<void> {
    if (!(await factoryExists(db, accountId, factoryId))) throw errors.factoryNotFound(factoryId);
  }

  async function detail(accountId: string, factoryId: string, importId: string) {
    const job = await readJob(db, accountId, factoryId, importId);
    if (!job) throw apiError(404, HISTORY_IMPORT_CODES.notFound, 'History import not found.', { id: importId });
    return jobDetail(db, job);
  }

  const uploadSummary =
    'Import a historian export of ingestion events for the factory: the body is the file (NDJSON or CSV, see docs/history-import.md), streamed to the data folder. Answers 202 with the job once the file is received; rows are then stored in batches (idempotent by event id, refused rows listed with their line) and the units that received events derived. Follow it with GET …/history-imports/{importId}.';

  app.post(
    '/factories/:id/history-imports',
    {
      config: { access: 'admin', checksOwnText: true },
      validatorCompiler: streamValidator,
      schema: {
        summary: `${uploadSummary} (administrators)`,
        tags: ['ingestion'],
        security: [{ bearerAuth: [] }],
        params: FactoryIdParams,
        querystring: HistoryImportUploadQuery,
        body: HistoryImportBodyDoc,
        response: withErrors({ 202: HistoryImportSchema }, [400, 401, 403, 404, 413, 415, 500]),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await ownFactory(user.account_id, request.params.id);
      return upload(request, reply, { accountId: user.account_id, factoryId: request.params.id, userId: user.user_id });
    },
  );

  app.get(
    '/factories/:id/history-imports',
    {
      config: { access: 'admin' },
      schema: {
        summary: `The factory’s history imports, newest first (at most ${LIST_LIMIT}), with their progress (administrators)`,
        tags: ['ingestion'],
        security: [{ bearerAuth: [] }],
        params: FactoryIdParams,
        response: withErrors({ 200: Type.Array(HistoryImportSchema) }),
      },
    },
    async (request): Promise<HistoryImport[]> => {
      const user = currentUser(request);
      await ownFactory(user.account_id, request.params.id);
      const jobs = await listJobs(db, user.account_id, request.params.id, LIST_LIMIT);
      return Promise.all(jobs.map((job) => jobView(db, job)));
    },
  );

  app.get(
    '/factories/:id/history-imports/:importId',
    {
      config: { access: 'admin' },
      schema: {
        summary:
          'One history import: phase (upload, store, derive, done, failed), bytes, rows read, stored, duplicate and refused, units still to derive, and the refused rows with their line numbers (the first 1 000) (administrators)',
        tags: ['ingestion'],
        security: [{ bearerAuth: [] }],
        params: HistoryImportParams,
        response: withErrors({ 200: HistoryImportDetailSchema }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      await ownFactory(user.account_id, request.params.id);
      return detail(user.account_id, request.params.id, request.params.importId);
    },
  );

  // The same with an ingest key (the command `pnpm import:history`): the key names the factory.
  async function keyOwner(request: FastifyRequest): Promise<Owner> {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match) throw errors.unauthenticated('An ingest key is required: Authorization: Bearer <ingest key>.');
    const owner = await findIngestKeyOwner(db, match[1]!);
    if (!owner) throw errors.unauthenticated('The ingest key is invalid or revoked.');
    return { accountId: owner.account_id, factoryId: owner.factory_id, userId: null };
  }

  app.post(
    '/ingest/v1/history-imports',
    {
      config: { access: 'ingest', checksOwnText: true },
      validatorCompiler: streamValidator,
      schema: {
        summary: `${uploadSummary} With the factory’s ingest key (Authorization: Bearer lpk_…), for the command pnpm import:history.`,
        tags: ['ingestion'],
        security: [{ ingestKey: [] }],
        querystring: HistoryImportKeyUploadQuery,
        body: HistoryImportBodyDoc,
        response: withErrors({ 202: HistoryImportSchema }, [400, 401, 413, 415, 500]),
      },
    },
    async (request, reply) => {
      const owner = await keyOwner(request);
      const wanted = request.query.factory_id;
      if (wanted !== undefined && wanted.toLowerCase() !== owner.factoryId) {
        throw errors.unauthenticated(`This ingest key is not one of factory ${wanted}: use a key created on that factory’s page.`);
      }
      return upload(request, reply, owner);
    },
  );

  app.get(
    '/ingest/v1/history-imports/:importId',
    {
      config: { access: 'ingest' },
      schema: {
        summary: 'One history import of the ingest key’s factory, as GET /api/factories/{id}/history-imports/{importId}',
        tags: ['ingestion'],
        security: [{ ingestKey: [] }],
        params: Type.Object({ importId: Uuid }),
        response: withErrors({ 200: HistoryImportDetailSchema }, [400, 401, 404, 500]),
      },
    },
    async (request) => {
      const owner = await keyOwner(request);
      return detail(owner.accountId, owner.factoryId, request.params.importId);
    },
  );
};

import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import ExcelJS from 'exceljs';
import { Type } from 'typebox';
import { DateTime } from 'luxon';
import { DATA_AVAILABLE_FROM, ERROR_CODES, ExportQuerySchema, Uuid, csvRecord, sheetValue, withErrors } from '@linepulse/contracts';
import { BYTES_PER_ROW, COLUMNS, DURATION_COLUMNS, DURATION_EXCEL_FORMAT, countRows, csvCells, exportRows, fileName, sheetCells, type ExportPlan } from '../analytics/export.ts';
import { loadFactories } from '../analytics/engine.ts';
import { resolveWindow } from '../analytics/window.ts';
import { apiError, errors } from '../errors.ts';
import { currentUser } from '../plugins/app/auth.ts';
import { clientGoneSignal } from '../plugins/app/heavy-calls.ts';

/** At most a year of production days per export (a leap year included). */
export const EXPORT_MAX_DAYS = 366;
/** Units per export (the analytics calls' limit on ids). */
const EXPORT_MAX_UNITS = 1000;
/** Bytes an Excel export may hold unread before the writer waits for the client. */
const XLSX_BUFFER_BYTES = 1 << 20;

/** Each export's end, for tests and logs: rows written and whether the client went away first. */
export const exportEvents = new EventEmitter();
export interface ExportEnd {
  factoryId: string;
  rows: number;
  total: number;
  aborted: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Resolves when the stream can take more, or is gone; leaves no listener behind. */
function drained(out: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/**
 * GET /api/factories/:factoryId/export — production data of a factory's units as CSV or Excel,
 * streamed (issue 11). Only for accounts of the integrated ecosystem.
 */
export const exportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/factories/:factoryId/export',
    {
      schema: {
        tags: ['export'],
        security: [{ bearerAuth: [] }],
        summary: 'Production data export (downtimes, production by hour/shift/day, raw machine events) as CSV or Excel, streamed',
        description:
          'Integrated-ecosystem accounts only (403 EXP_INTEGRATED_ONLY otherwise). Whole production days start_date..end_date (inclusive, at most 366, not before 2019-09-01) in the factory’s calendar, clipped to now. ' +
          'Times in the factory’s zone with their offset plus UTC. Headers: Content-Disposition (file name), X-Total-Rows (data rows, without the header row), X-Estimated-Bytes.',
        params: Type.Object({ factoryId: Uuid }),
        querystring: ExportQuerySchema,
        response: withErrors({ 200: Type.String({ description: 'text/csv or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }) }),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const q = request.query;
      const [account] = await app.db.query<{ integrated_ecosystem: boolean }>('SELECT integrated_ecosystem FROM accounts WHERE id = $1', [user.account_id]);
      if (!account?.integrated_ecosystem) throw apiError(403, ERROR_CODES.exportIntegratedOnly, 'Data export only on the integrated ecosystem.');
      const factory = (await loadFactories(app.db, user.account_id, [request.params.factoryId])).get(request.params.factoryId);
      if (!factory) throw errors.factoryNotFound(request.params.factoryId);

      const ids = [...new Set((Array.isArray(q.production_unit_ids) ? q.production_unit_ids : [q.production_unit_ids]).flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v !== ''))];
      if (ids.length === 0) throw apiError(400, ERROR_CODES.analyticsUnitsRequired, 'Select at least one production unit.');
      if (ids.length > EXPORT_MAX_UNITS) throw apiError(400, ERROR_CODES.analyticsTooManyIds, `production_unit_ids holds more than ${EXPORT_MAX_UNITS} ids.`, { field: 'production_unit_ids', max: EXPORT_MAX_UNITS });
      const bad = ids.find((id) => !UUID.test(id));
      if (bad) throw apiError(400, ERROR_CODES.validation, 'production_unit_ids must be unit ids.', { field: 'production_unit_ids', in: 'querystring' });
      const units = await app.db.query<ExportPlan['units'][number]>(
        `SELECT id, name, factory_id, cost_per_hour, converted_unit_name, packages FROM production_units
          WHERE account_id = $1 AND factory_id = $2 AND id = ANY($3::uuid[]) ORDER BY sort_order, name`,
        [user.account_id, factory.id, ids],
      );
      const missing = ids.find((id) => !units.some((u) => u.id === id));
      if (missing) throw apiError(404, ERROR_CODES.analyticsUnitNotFound, 'Production unit not found in this factory.', { id: missing });

      // Dates: the analytics rules (format, order, 1 September 2019), then at most a year.
      const now = Date.now();
      const window = resolveWindow({ time_option: 'time_range', start_date: q.start_date, end_date: q.end_date }, factory.calendar, now, []);
      const days = DateTime.fromISO(q.end_date, { zone: 'UTC' }).diff(DateTime.fromISO(q.start_date, { zone: 'UTC' }), 'days').days + 1;
      if (days > EXPORT_MAX_DAYS) throw apiError(400, ERROR_CODES.analyticsWindowTooLong, `An export covers at most ${EXPORT_MAX_DAYS} days.`, { max_days: EXPORT_MAX_DAYS });
      if (q.start_date < DATA_AVAILABLE_FROM) throw apiError(400, ERROR_CODES.analyticsBeforeDataStart, 'No data exists before 1 September 2019.', { date: DATA_AVAILABLE_FROM });

      const plan: ExportPlan = {
        accountId: user.account_id, factory, units, kind: q.kind, interval: q.interval ?? 'day', window,
        startDate: q.start_date, endDate: q.end_date, now,
      };
      // Over HEAVY_UNIT_DAYS unit-days an export is a heavy call, as the downtime list: one per user, a turn
      // among the server's heavy calls, each read within the statement timeout. It holds its turn until
      // its last byte is written (or its client has gone).
      const heavy = units.length * days > app.config.heavyCalls.unitDays ? await app.heavyCalls.acquire(reply, user.user_id, 'export', clientGoneSignal(reply)) : null;
      const db = heavy?.db ?? app.reads;
      const total = await countRows(db, plan).catch((error: unknown) => {
        heavy?.release();
        throw error;
      });
      const columns = COLUMNS[plan.kind];
      const name = fileName(plan, q.format);
      reply
        .header('content-type', q.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('x-total-rows', String(total))
        .header('x-estimated-bytes', String(200 + total * BYTES_PER_ROW[plan.kind][q.format]))
        .header('access-control-expose-headers', 'Content-Disposition, X-Total-Rows, X-Estimated-Bytes')
        .header('cache-control', 'no-store');

      const out = new PassThrough();
      const end: ExportEnd = { factoryId: factory.id, rows: 0, total, aborted: false };
      // The client going away destroys the answer: the producer sees it before its next read.
      const gone = (): boolean => out.destroyed || request.raw.destroyed;
      const produce = async (): Promise<void> => {
        const rows = exportRows(db, plan);
        try {
          if (q.format === 'csv') {
            // Durations as "h:mm:ss" (decision 40). A BOM so that Excel opens the UTF-8 text with its accents.
            const toCsv = csvCells(plan.kind);
            out.write(`\uFEFF${csvRecord(columns)}\r\n`);
            for await (const batch of rows) {
              if (gone()) break;
              end.rows += batch.length;
              // A thousand rows a write: the text of a whole batch is never held at once. Every text field
              // quoted and a formula neutralised: names come from admins, event ids from devices.
              for (let i = 0; i < batch.length && !gone(); i += 1000) {
                const text = batch.slice(i, i + 1000).map((r) => csvRecord(toCsv(r))).join('\r\n') + '\r\n';
                if (!out.write(text)) await drained(out);
              }
            }
          } else {
            // Styles on for the durations' number format alone: a duration is a number of days shown as
            // [h]:mm:ss (decision 40), one style shared by every such cell.
            const durations = DURATION_COLUMNS[plan.kind];
            const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: durations.length > 0, useSharedStrings: false });
            const sheet = workbook.addWorksheet(plan.kind);
            for (const i of durations) sheet.getColumn(i + 1).numFmt = DURATION_EXCEL_FORMAT;
            const toSheet = sheetCells(plan.kind);
            sheet.addRow(columns).commit();
            for await (const batch of rows) {
              if (gone()) break;
              end.rows += batch.length;
              // Text cells as the CSV's: a name starting like a formula shows as text, even once edited.
              for (const r of batch) sheet.addRow(toSheet(r).map(sheetValue)).commit();
              // The zip writer does not wait for the reader: hold the next read while the answer is full,
              // and until the compressor has caught up with what was committed (its own queue is unbounded).
              while (out.readableLength > XLSX_BUFFER_BYTES && !gone()) await new Promise((resolve) => setTimeout(resolve, 5));
              const zip = (workbook as unknown as { zip: { pointer(): number } }).zip;
              for (let waited = 0, before = -1; waited < 40 && zip.pointer() !== before && !gone(); waited += 1) {
                before = zip.pointer();
                await new Promise((resolve) => setTimeout(resolve, 2));
              }
            }
            if (!gone()) {
              sheet.commit();
              await workbook.commit();
            }
          }
          if (!gone()) out.end();
        } catch (error) {
          request.log.error({ err: error }, 'export failed');
          out.destroy(error as Error);
        } finally {
          await rows.return(undefined);
          heavy?.release();
          end.aborted = end.aborted || gone() || !out.writableFinished;
          exportEvents.emit('end', end);
        }
      };
      void produce();
      return reply.send(out);
    },
  );
};

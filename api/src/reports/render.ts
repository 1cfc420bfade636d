import { DateTime } from 'luxon';
import { downtimesInfo, kpisByGroups, loadFactories, topDowntimeReasons } from '../analytics/engine.ts';
import type { Db } from '../db/db.ts';
import {
  durationText,
  labelColon,
  numberText,
  percentText,
  reportWindow,
  screenLinkSearch,
  windowDates,
  type EmailReportInput,
  type Language,
  type ReportTemplate,
} from '@linepulse/contracts';
import { barChartSvg, svgToPng, type BarRow } from './charts.ts';
import { escapeHtml } from './html.ts';
import { REPORT_TEXTS, type ReportTexts } from './texts.ts';

/** What rendering needs of a report: its settings, and its id once stored (links, unsubscribe). */
export type RenderableReport = Pick<
  EmailReportInput,
  'title' | 'template' | 'schedule_type' | 'duration' | 'time_unit' | 'production_unit_ids' | 'work_shift_ids' | 'language' | 'timezone'
> & { account_id: string; factory_id: string; id: string | null };

interface Named {
  id: string;
  name: string;
}

export interface UnitDowntime {
  id: string;
  name: string;
  availability: number | null;
  total_ms: number;
  planned_ms: number;
  unplanned_ms: number;
  unjustified_ms: number;
  occurrences: number;
  in_production_ms: number;
}

interface Kpi {
  availability: number | null;
  performance: number | null;
  quality: number | null;
  oee: number | null;
  good: number;
  rejected: number;
}

/** The figures of one report, from the analytics calls the screens use, for the report's window. */
export type ReportFigures =
  | { template: 'overview'; total: Kpi; objectives: Partial<Record<'availability' | 'performance' | 'quality' | 'oee', number>>; units: (Named & Kpi)[] }
  | { template: 'downtime_main_page'; units: UnitDowntime[]; top: { reason: string; is_planned: boolean; seconds: number }[] }
  | { template: 'downtime_by_production_line'; units: UnitDowntime[] }
  | { template: 'downtime_by_shift'; shifts: (Named & Omit<UnitDowntime, 'id' | 'name'>)[] };

export interface RenderedReport {
  subject: string;
  html: string;
  text: string;
  window: { start: number; end: number };
  figures: ReportFigures;
  /** PNG charts referenced from the HTML as cid:<cid>. */
  images: { cid: string; filename: string; content: Buffer }[];
}

const COLOURS = { planned: '#4f6bed', unplanned: '#d13438', unjustified: '#8a8886', availability: '#107c10' };

function downtimeOf(d: { production_unit_id: string; production_unit_name: string; availability_rate: number | null; total: number; planned: number; unplanned: number; unjustified: number; downtime_occurrences: number; in_production: number }): UnitDowntime {
  return {
    id: d.production_unit_id,
    name: d.production_unit_name,
    availability: d.availability_rate === null ? null : d.availability_rate / 100,
    total_ms: d.total,
    planned_ms: d.planned,
    unplanned_ms: d.unplanned,
    unjustified_ms: d.unjustified,
    occurrences: d.downtime_occurrences,
    in_production_ms: d.in_production,
  };
}

/**
 * Lines and shifts of the report still in the factory's configuration, in its order; `everyShift` when
 * the report names every shift of the factory (its figures then take the whole day, as the screens do
 * without a shift filter: production outside the shifts counts, decision 37).
 */
async function scopeOf(db: Db, report: RenderableReport): Promise<{ units: Named[]; shifts: Named[]; everyShift: boolean }> {
  const [units, shifts, factoryShifts] = await Promise.all([
    db.query<Named>(
      'SELECT id, name FROM production_units WHERE account_id = $1 AND factory_id = $2 AND id = ANY($3::uuid[]) ORDER BY sort_order, name, id',
      [report.account_id, report.factory_id, report.production_unit_ids],
    ),
    db.query<Named>(
      'SELECT id, name FROM work_shifts WHERE account_id = $1 AND factory_id = $2 AND id = ANY($3::uuid[]) ORDER BY sort_order, start_local, id',
      [report.account_id, report.factory_id, report.work_shift_ids],
    ),
    db.query<{ n: number }>('SELECT count(*) AS n FROM work_shifts WHERE account_id = $1 AND factory_id = $2', [report.account_id, report.factory_id]),
  ]);
  return { units, shifts, everyShift: shifts.length > 0 && shifts.length === Number(factoryShifts[0]!.n) };
}

/**
 * The figures of the report's template over `window`, each one an answer of an analytics call. `scope`
 * is the report's lines and shifts when the caller has read them already.
 */
export async function reportFigures(
  db: Db,
  report: RenderableReport,
  window: { start: number; end: number },
  now = Date.now(),
  scope?: { units: Named[]; shifts: Named[]; everyShift: boolean },
): Promise<ReportFigures> {
  const { units, shifts, everyShift } = scope ?? (await scopeOf(db, report));
  const base = {
    start: new Date(window.start).toISOString(),
    end: new Date(window.end).toISOString(),
    production_unit_ids: units.map((u) => u.id),
    // Every shift named: no shift filter, so the report says what the dashboard says for its lines.
    ...(everyShift ? {} : { work_shift_ids: shifts.map((s) => s.id) }),
  };
  const template: ReportTemplate = report.template;
  if (units.length === 0) {
    if (template === 'overview') return { template, total: emptyKpi(), objectives: {}, units: [] };
    if (template === 'downtime_by_shift') return { template, shifts: [] };
    return template === 'downtime_main_page' ? { template, units: [], top: [] } : { template, units: [] };
  }
  switch (template) {
    case 'overview': {
      const groups = [
        { name: 'all', factory_id: report.factory_id, production_unit_ids: base.production_unit_ids, work_shift_ids: base.work_shift_ids },
        ...units.map((u) => ({ name: u.id, factory_id: report.factory_id, production_unit_ids: [u.id], work_shift_ids: base.work_shift_ids })),
      ];
      const [answer, objectiveRows] = await Promise.all([
        kpisByGroups(db, report.account_id, { start: base.start, end: base.end, groups }, now),
        db.query<{ objective_type: 'availability' | 'performance' | 'quality'; value: number }>(
          'SELECT objective_type, value FROM factory_objectives WHERE account_id = $1 AND factory_id = $2',
          [report.account_id, report.factory_id],
        ),
      ]);
      const kpi = (g: { total: Record<string, unknown> }): Kpi => ({
        availability: g.total.availability as number | null,
        performance: g.total.performance as number | null,
        quality: g.total.quality as number | null,
        oee: g.total.oee as number | null,
        good: g.total.good as number,
        rejected: g.total.rejected as number,
      });
      const objectives: Partial<Record<'availability' | 'performance' | 'quality' | 'oee', number>> = {};
      for (const o of objectiveRows) objectives[o.objective_type] = o.value / 100;
      if (objectives.availability !== undefined && objectives.performance !== undefined && objectives.quality !== undefined) {
        objectives.oee = objectives.availability * objectives.performance * objectives.quality;
      }
      const [all, ...perUnit] = answer.groups as { total: Record<string, unknown> }[];
      return { template, total: kpi(all!), objectives, units: units.map((u, i) => ({ ...u, ...kpi(perUnit[i]!) })) };
    }
    case 'downtime_main_page': {
      const [info, top] = await Promise.all([downtimesInfo(db, report.account_id, base, now), topDowntimeReasons(db, report.account_id, { ...base, limit: 5 }, now)]);
      return {
        template,
        units: info.map(downtimeOf),
        top: top.map((t) => ({ reason: t.downtime_reason, is_planned: t.is_planned, seconds: t.total_downtime_duration_seconds })),
      };
    }
    case 'downtime_by_production_line':
      return { template, units: (await downtimesInfo(db, report.account_id, base, now)).map(downtimeOf) };
    case 'downtime_by_shift': {
      // One downtimes-info answer per shift (the screens' shift filter), summed over the lines.
      const out = [];
      for (const shift of shifts) {
        const info = (await downtimesInfo(db, report.account_id, { ...base, work_shift_ids: [shift.id] }, now)).map(downtimeOf);
        const sum = (f: (u: UnitDowntime) => number): number => info.reduce((a, u) => a + f(u), 0);
        const planned = sum((u) => u.planned_ms);
        const inProduction = sum((u) => u.in_production_ms);
        const total = sum((u) => u.total_ms);
        const ppt = inProduction - planned;
        out.push({
          id: shift.id,
          name: shift.name,
          availability: ppt > 0 ? (inProduction - total) / ppt : null,
          total_ms: total,
          planned_ms: planned,
          unplanned_ms: sum((u) => u.unplanned_ms),
          unjustified_ms: sum((u) => u.unjustified_ms),
          occurrences: sum((u) => u.occurrences),
          in_production_ms: inProduction,
        });
      }
      return { template, shifts: out };
    }
  }
}

function emptyKpi(): Kpi {
  return { availability: null, performance: null, quality: null, oee: null, good: 0, rejected: 0 };
}

function periodLabel(window: { start: number; end: number }, zone: string, language: Language): string {
  const fmt = (ms: number): string => DateTime.fromMillis(ms, { zone }).setLocale(language).toLocaleString(DateTime.DATETIME_MED);
  return `${fmt(window.start)} – ${fmt(window.end)}`;
}

export interface Section {
  heading: string;
  chart?: { cid: string; alt: string; svg: string };
  columns: string[];
  rows: string[][];
  empty?: string;
}

/**
 * The sections of a report's figures, written by the contracts' rule as the screens write them
 * (decision 37): durations rounded once from their milliseconds, percentages with two decimals.
 */
export function sectionsOf(figures: ReportFigures, t: ReportTexts, language: Language): Section[] {
  const pct = (v: number | null): string => percentText(language, v);
  const duration = (ms: number): string => durationText(language, ms);
  const count = (n: number): string => numberText(language, n);
  const downtimeRows = (list: (Omit<UnitDowntime, 'id'> & { name: string })[]): string[][] =>
    list.map((u) => [u.name, pct(u.availability), duration(u.total_ms), duration(u.planned_ms), duration(u.unplanned_ms), duration(u.unjustified_ms), count(u.occurrences)]);
  const downtimeColumns = (first: string): string[] => [first, t.availability, t.total, t.planned, t.unplanned, t.unjustified, t.occurrences];
  const series = [
    { name: t.planned, colour: COLOURS.planned },
    { name: t.unplanned, colour: COLOURS.unplanned },
    { name: t.unjustified, colour: COLOURS.unjustified },
  ];
  const stacked = (list: (Omit<UnitDowntime, 'id'> & { name: string })[]): BarRow[] =>
    list.map((u) => ({ label: u.name, values: [u.planned_ms, u.unplanned_ms, u.unjustified_ms], note: duration(u.total_ms) }));
  switch (figures.template) {
    case 'overview': {
      // One indicator a row (value, objective): three columns fit a phone's width.
      const indicators = (['availability', 'performance', 'quality', 'oee'] as const).map((k) => [t[k], pct(figures.total[k]), pct(figures.objectives[k] ?? null)]);
      const tiles: Section = { heading: t.templates.overview, columns: [t.indicator, t.actual, t.objective], rows: indicators };
      const table: Section = {
        heading: t.productionOverview,
        chart: {
          cid: 'oee-per-line',
          alt: `${t.oee} — ${t.line}`,
          svg: barChartSvg(`${t.oee} — ${t.productionOverview}`, [{ name: t.oee, colour: COLOURS.availability }], figures.units.map((u) => ({ label: u.name, values: [u.oee ?? 0], note: pct(u.oee) })), 1),
        },
        columns: [t.line, t.availability, t.performance, t.quality, t.oee, t.good, t.rejected],
        rows: figures.units.map((u) => [u.name, pct(u.availability), pct(u.performance), pct(u.quality), pct(u.oee), count(u.good), count(u.rejected)]),
      };
      return [tiles, table];
    }
    case 'downtime_main_page': {
      const top = (planned: boolean): Section => {
        const list = figures.top.filter((x) => x.is_planned === planned);
        return {
          heading: planned ? t.topPlanned : t.topUnplanned,
          columns: [t.reason, t.duration],
          rows: list.map((x) => [x.reason, duration(x.seconds * 1000)]),
          empty: t.none,
        };
      };
      return [
        {
          heading: t.availabilityPerLine,
          chart: {
            cid: 'availability-per-line',
            alt: t.availabilityPerLine,
            svg: barChartSvg(t.availabilityPerLine, [{ name: t.availability, colour: COLOURS.availability }], figures.units.map((u) => ({ label: u.name, values: [u.availability ?? 0], note: pct(u.availability) })), 1),
          },
          columns: downtimeColumns(t.line),
          rows: downtimeRows(figures.units),
        },
        top(false),
        top(true),
      ];
    }
    case 'downtime_by_production_line':
      return [{ heading: t.downtimeByLine, chart: { cid: 'downtime-per-line', alt: t.downtimeByLine, svg: barChartSvg(t.downtimeByLine, series, stacked(figures.units)) }, columns: downtimeColumns(t.line), rows: downtimeRows(figures.units) }];
    case 'downtime_by_shift':
      return [{ heading: t.downtimeByShift, chart: { cid: 'downtime-per-shift', alt: t.downtimeByShift, svg: barChartSvg(t.downtimeByShift, series, stacked(figures.shifts)) }, columns: downtimeColumns(t.shift), rows: downtimeRows(figures.shifts) }];
  }
}

/** Columns a table keeps on a 400 px phone (a name and two figures); wider sections are written row by row. */
export const TABLE_MAX_COLUMNS = 3;

const CELL = 'padding:6px 8px;border-bottom:1px solid #e0e0e0;text-align:left;vertical-align:top;font-size:13px;word-break:break-word;overflow-wrap:anywhere;';

/**
 * A section's figures as e-mail HTML readable from a 400 px phone up, with no media query (many mail
 * apps ignore them) and no sideways scrolling (most mail apps cut a wide table off instead): up to
 * `TABLE_MAX_COLUMNS` columns, a table; wider, one block per row — its name, then each figure as a
 * label over its value, in boxes that sit side by side and wrap to the next line when the screen is
 * narrow (three to a line on a phone, all six on a desktop).
 */
export function sectionHtml(s: Section): string {
  const image = s.chart
    ? `<img src="cid:${s.chart.cid}" alt="${escapeHtml(s.chart.alt)}" width="640" style="display:block;width:100%;max-width:640px;height:auto;border:0;margin:8px 0;">`
    : '';
  let body: string;
  if (s.rows.length === 0 && s.empty) {
    body = `<p style="font-size:13px;color:#616161;">${escapeHtml(s.empty)}</p>`;
  } else if (s.columns.length <= TABLE_MAX_COLUMNS) {
    const head = s.columns.map((c) => `<th scope="col" style="${CELL}font-weight:bold;">${escapeHtml(c)}</th>`).join('');
    const rows = s.rows.map((r) => `<tr>${r.map((c) => `<td style="${CELL}">${escapeHtml(c)}</td>`).join('')}</tr>`).join('');
    body = `<table cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse;"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
  } else {
    body = s.rows
      .map((r) => {
        const [name = '', ...values] = r;
        const figures = values
          .map(
            (value, i) =>
              `<span style="display:inline-block;min-width:104px;margin:4px 16px 4px 0;vertical-align:top;"><span style="display:block;font-size:12px;color:#616161;">${escapeHtml(s.columns[i + 1] ?? '')}</span><span style="display:block;font-size:14px;">${escapeHtml(value)}</span></span>`,
          )
          .join('');
        return `<div style="padding:8px 0;border-bottom:1px solid #e0e0e0;"><h3 style="margin:0 0 2px;font-size:14px;word-break:break-word;overflow-wrap:anywhere;">${escapeHtml(name)}</h3><div>${figures}</div></div>`;
      })
      .join('');
  }
  return `<h2 style="font-size:17px;margin:24px 0 4px;color:#1b1b1b;">${escapeHtml(s.heading)}</h2>${image}${body}`;
}

/** Placeholder the sender replaces with each recipient's unsubscribe link. */
export const UNSUBSCRIBE_PLACEHOLDER = '%%UNSUBSCRIBE_URL%%';

export interface RenderOptions {
  publicUrl: string;
  factoryName: string;
  test?: boolean;
  now?: number;
}

/** Subject, responsive HTML (tables, inline styles, max 640 px) and text part of a report sent at `dueAt`. */
export async function renderReport(db: Db, report: RenderableReport, dueAt: number, options: RenderOptions): Promise<RenderedReport> {
  const factories = await loadFactories(db, report.account_id, [report.factory_id]);
  const factory = factories.get(report.factory_id);
  if (!factory) throw new Error(`factory ${report.factory_id} is gone`);
  const window = reportWindow(report, dueAt, factory.calendar);
  // Read once: the figures and the link both follow the report's lines and shifts.
  const scope = await scopeOf(db, report);
  const figures = await reportFigures(db, report, window, options.now, scope);
  const language = report.language;
  const t = REPORT_TEXTS[language];
  const sections = sectionsOf(figures, t, language);
  const images = sections.flatMap((s) => (s.chart ? [{ cid: s.chart.cid, filename: `${s.chart.cid}.png`, content: svgToPng(s.chart.svg) }] : []));
  const period = periodLabel(window, factory.calendar.timezone, language);
  const subject = `${options.test ? `[${t.test}] ` : ''}${report.title} — ${factory.name} — ${t.templates[report.template]}`;
  const screen = report.template === 'overview' ? 'dashboard' : 'availability-downtime';
  // The matching screen on the report's period, lines and shifts (the platform applies them once).
  const selection = { ...windowDates(window, factory.calendar), lineIds: scope.units.map((u) => u.id), shiftIds: scope.shifts.map((s) => s.id) };
  const link = `${options.publicUrl}/${report.factory_id}/${screen}?${screenLinkSearch(selection)}`;

  const htmlSections = sections.map(sectionHtml).join('');
  const colon = labelColon(language);
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f5f5f5;font-family:Segoe UI,Helvetica,Arial,sans-serif;color:#1b1b1b;">
<div style="max-width:680px;margin:0 auto;padding:16px;background:#ffffff;">
<h1 style="font-size:21px;margin:0 0 4px;">${escapeHtml(report.title)}</h1>
<p style="margin:0;font-size:14px;color:#424242;">${escapeHtml(factory.name)} · ${escapeHtml(t.templates[report.template])}</p>
<p style="margin:4px 0 0;font-size:13px;color:#616161;">${escapeHtml(t.period)}${colon}${escapeHtml(period)}</p>
${htmlSections}
<p style="margin:24px 0;"><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#0f6cbd;color:#ffffff;text-decoration:none;border-radius:4px;font-size:14px;">${escapeHtml(t.open)}</a></p>
<p style="font-size:12px;color:#616161;"><a href="${UNSUBSCRIBE_PLACEHOLDER}" style="color:#616161;">${escapeHtml(t.unsubscribe)}</a></p>
</div></body></html>`;

  const textSections = sections
    .map((s) => {
      const lines = s.rows.length === 0 && s.empty ? [s.empty] : [s.columns.join(' | '), ...s.rows.map((r) => r.join(' | '))];
      return `${s.heading}\n${'-'.repeat(s.heading.length)}\n${lines.join('\n')}`;
    })
    .join('\n\n');
  const text = `${report.title}\n${factory.name} · ${t.templates[report.template]}\n${t.period}${colon}${period}\n\n${textSections}\n\n${t.open}${colon}${link}\n${t.unsubscribe}${colon}${UNSUBSCRIBE_PLACEHOLDER}\n`;
  return { subject, html, text, window, figures, images };
}

import { existsSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import { escapeHtml } from './html.ts';

/**
 * Charts of the e-mails: drawn as SVG here and rasterised to PNG with resvg (a prebuilt native
 * renderer; no browser), because many mail clients show neither SVG nor scripts. Decision 24.
 */

export interface BarSeries {
  name: string;
  colour: string;
}

export interface BarRow {
  label: string;
  /** One value per series (stacked left to right). */
  values: number[];
  /** Text after the bar (the total, a percentage). */
  note: string;
}

const FONT_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const FONT = existsSync(FONT_FILE)
  ? { fontFiles: [FONT_FILE], loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' }
  : { loadSystemFonts: true, defaultFontFamily: 'sans-serif' };

const WIDTH = 640;
const ROW = 28;
const LABEL = 170;
const NOTE = 110;

/** Horizontal (stacked) bars, one row per label, a legend when there are several series; as SVG text. */
export function barChartSvg(title: string, series: readonly BarSeries[], rows: readonly BarRow[], max?: number): string {
  const legend = series.length > 1 ? 24 : 0;
  const top = 34 + legend;
  const height = top + Math.max(1, rows.length) * ROW + 12;
  const scaleMax = max ?? Math.max(1, ...rows.map((r) => r.values.reduce((a, b) => a + b, 0)));
  const barWidth = WIDTH - LABEL - NOTE - 16;
  const parts: string[] = [
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    `<text x="8" y="22" font-size="15" font-weight="bold" fill="#1b1b1b">${escapeHtml(title)}</text>`,
  ];
  if (legend) {
    let x = 8;
    for (const s of series) {
      parts.push(`<rect x="${x}" y="34" width="12" height="12" fill="${s.colour}"/>`);
      parts.push(`<text x="${x + 16}" y="45" font-size="12" fill="#424242">${escapeHtml(s.name)}</text>`);
      x += 26 + s.name.length * 7.5;
    }
  }
  rows.forEach((row, i) => {
    const y = top + i * ROW;
    const label = row.label.length > 24 ? `${row.label.slice(0, 23)}…` : row.label;
    parts.push(`<text x="8" y="${y + 18}" font-size="12" fill="#1b1b1b">${escapeHtml(label)}</text>`);
    parts.push(`<rect x="${LABEL}" y="${y + 5}" width="${barWidth}" height="16" fill="#f0f0f0"/>`);
    let x = LABEL;
    row.values.forEach((value, s) => {
      const w = Math.max(0, (value / scaleMax) * barWidth);
      if (w > 0) parts.push(`<rect x="${x.toFixed(1)}" y="${y + 5}" width="${w.toFixed(1)}" height="16" fill="${series[s]?.colour ?? '#0f6cbd'}"/>`);
      x += w;
    });
    parts.push(`<text x="${LABEL + barWidth + 8}" y="${y + 18}" font-size="12" fill="#1b1b1b">${escapeHtml(row.note)}</text>`);
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}">${parts.join('')}</svg>`;
}

/** The SVG as a PNG at twice its size (sharp on high-density screens; the e-mail shows it at 1×). */
export function svgToPng(svg: string): Buffer {
  const resvg = new Resvg(svg, { font: FONT, fitTo: { mode: 'zoom', value: 2 } });
  return Buffer.from(resvg.render().asPng());
}

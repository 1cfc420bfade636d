import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { durationText, percentText, type Language } from '@linepulse/contracts';
import { sectionHtml, sectionsOf, TABLE_MAX_COLUMNS, type ReportFigures, type UnitDowntime } from '../src/reports/render.ts';
import { REPORT_TEXTS } from '../src/reports/texts.ts';

const nbsp = '\u00a0';

function unit(name: string, ms: Partial<UnitDowntime> = {}): UnitDowntime {
  return {
    id: name,
    name,
    availability: 0.8881,
    total_ms: 5_400_000,
    planned_ms: 2_789_600,
    unplanned_ms: 1_800_000,
    unjustified_ms: 810_400,
    occurrences: 1234,
    in_production_ms: 28_800_000,
    ...ms,
  };
}

const FIGURES: ReportFigures[] = [
  {
    template: 'overview',
    total: { availability: 0.8881, performance: 0.8611, quality: 0.978, oee: 0.748, good: 18_848, rejected: 423 },
    objectives: { availability: 0.9, performance: 0.95, quality: 0.99, oee: 0.84645 },
    units: [{ id: 'u1', name: 'Embouteillage et capsulage de la ligne 12', availability: 0.8881, performance: 0.8611, quality: 0.978, oee: 0.748, good: 18_848, rejected: 423 }],
  },
  { template: 'downtime_main_page', units: [unit('Ligne 1'), unit('Ligne 2')], top: [{ reason: 'Bourrage', is_planned: false, seconds: 2_790 }, { reason: 'Pause', is_planned: true, seconds: 1_800 }] },
  { template: 'downtime_by_production_line', units: [unit('Ligne 1')] },
  { template: 'downtime_by_shift', shifts: [unit('Matin'), unit('Soir')] },
];

describe('e-mail report figures (decision 37)', () => {
  it('write a duration as the screen does: 46 min 29.6 s of planned downtime is 46 min, not 47', () => {
    const [section] = sectionsOf({ template: 'downtime_by_production_line', units: [unit('Ligne 1')] }, REPORT_TEXTS.en, 'en');
    const planned = section!.columns.indexOf(REPORT_TEXTS.en.planned);
    assert.equal(section!.rows[0]![planned], '46 min');
    assert.equal(section!.rows[0]![planned], durationText('en', 2_789_600));
    // The total, from its own milliseconds (90 min), not from the rounded parts (46 + 30 + 14).
    assert.equal(section!.rows[0]![section!.columns.indexOf(REPORT_TEXTS.en.total)], '1 h 30 min');
  });

  it('write percentages with the screen’s two decimals: an objective of 84.645 % is 84.65 %, not 84.6 %', () => {
    const [tiles] = sectionsOf(FIGURES[0]!, REPORT_TEXTS.en, 'en');
    assert.deepEqual(tiles!.rows.find((r) => r[0] === REPORT_TEXTS.en.oee), ['OEE', '74.80%', '84.65%']);
    const [fr] = sectionsOf(FIGURES[0]!, REPORT_TEXTS.fr, 'fr');
    assert.deepEqual(fr!.rows.find((r) => r[0] === REPORT_TEXTS.fr.oee), ['TRG', `74,80${nbsp}%`, `84,65${nbsp}%`]);
    const [, table] = sectionsOf(FIGURES[0]!, REPORT_TEXTS.fr, 'fr');
    assert.equal(table!.rows[0]![5], `18${nbsp}848`);
  });

  it('write any figure exactly as the contracts’ rule the screens delegate to', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Language>('en', 'fr', 'es'),
        fc.record({ availability: fc.option(fc.double({ min: 0, max: 1, noNaN: true })), total_ms: fc.integer({ min: 0, max: 1e10 }), planned_ms: fc.integer({ min: 0, max: 1e10 }) }),
        (language, figures) => {
          const [section] = sectionsOf({ template: 'downtime_by_production_line', units: [unit('L', figures)] }, REPORT_TEXTS[language], language);
          const [row] = section!.rows;
          assert.equal(row![1], percentText(language, figures.availability));
          assert.equal(row![2], durationText(language, figures.total_ms));
          assert.equal(row![3], durationText(language, figures.planned_ms));
        },
      ),
    );
  });
});

describe('e-mail report HTML on a 400 px phone', () => {
  for (const figures of FIGURES) {
    it(`keeps every figure of ${figures.template} readable without sideways scrolling`, () => {
      for (const language of ['en', 'fr', 'es'] as const) {
        for (const section of sectionsOf(figures, REPORT_TEXTS[language], language)) {
          const html = sectionHtml(section);
          // No fixed width beyond a phone's (max-width only), no scrolling box, no table wider than three columns.
          for (const [, px] of html.matchAll(/(?<![-\w])width:\s*(\d+)px/g)) assert.ok(Number(px) <= 360, `width ${px}px in ${section.heading}`);
          assert.doesNotMatch(html, /overflow-x|white-space:\s*nowrap/);
          for (const table of html.match(/<table[\s\S]*?<\/table>/g) ?? []) {
            assert.ok((table.match(/<th\b/g) ?? []).length <= TABLE_MAX_COLUMNS, section.heading);
            for (const row of table.match(/<tr>[\s\S]*?<\/tr>/g) ?? []) assert.ok((row.match(/<t[dh]\b/g) ?? []).length <= TABLE_MAX_COLUMNS);
          }
          if (section.columns.length > TABLE_MAX_COLUMNS) {
            assert.doesNotMatch(html, /<table/);
            // One block a row: its name as a heading, then each figure as a wrapping box, label over value.
            const blocks = html.match(/<h3\b[^>]*>[^<]*<\/h3>/g) ?? [];
            assert.equal(blocks.length, section.rows.length);
            for (const row of section.rows) {
              const [name, ...values] = row;
              const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
              const pairs = values.map((value, i) => `<span style="display:block;[^"]*">${escaped(section.columns[i + 1]!)}</span><span style="display:block;[^"]*">${escaped(value)}</span>`);
              assert.match(html, new RegExp(`<h3[^>]*>${escaped(name!)}</h3><div>${pairs.map((p) => `<span style="display:inline-block;[^"]*">${p}</span>`).join('')}</div>`));
            }
            for (const [, minWidth] of html.matchAll(/display:inline-block;min-width:(\d+)px;margin:\d+px (\d+)px/g)) assert.ok(Number(minWidth) <= 120);
          } else if (section.rows.length > 0) {
            assert.equal((html.match(/<tr>/g) ?? []).length, 1 + section.rows.length);
          }
        }
      }
    });
  }
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { barChartSvg, svgToPng } from '../src/reports/charts.ts';

// Names set by admins, drawn into the e-mails' charts (issue 21).
const LINK = '<a href="https://evil.example/login">Relogin here</a>';
const BIG = '<b style="font-size:60px;fill:red">Big</b>';

describe('e-mail report charts', () => {
  it('draw line and series names as text: no element comes from a name, and the literal text is there', () => {
    const svg = barChartSvg(`Availability ${LINK}`, [{ name: LINK, colour: '#0f6cbd' }, { name: BIG, colour: '#c239b3' }], [
      { label: LINK, values: [0.4, 0.1], note: '50 %' },
      { label: BIG, values: [0.2, 0.2], note: BIG },
    ]);
    // The only elements are the chart's own: svg, rect and text, never a name's a or b.
    const tags = new Set([...svg.matchAll(/<([a-zA-Z][\w:-]*)/g)].map((m) => m[1]));
    assert.deepEqual([...tags].sort(), ['rect', 'svg', 'text']);
    assert.doesNotMatch(svg, /<[^>]*\sstyle=/);
    const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&'));
    assert.ok(texts.includes(`Availability ${LINK}`), texts.join('\n'));
    // Legend entries as written; row labels cut at 24 characters, as any long name.
    assert.ok(texts.includes(LINK) && texts.includes(BIG), texts.join('\n'));
    assert.ok(texts.includes(`${LINK.slice(0, 23)}…`), texts.join('\n'));
    // resvg reads it as a valid image.
    assert.equal(svgToPng(svg).subarray(1, 4).toString('latin1'), 'PNG');
  });
});

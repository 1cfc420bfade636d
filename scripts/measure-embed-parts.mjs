#!/usr/bin/env node
// `pnpm budgets:embed-parts`: what the embed's JavaScript is made of (decision 70), to decide its budget on
// figures. Builds remote-overview's embed with source maps into a temporary folder (about 15 s; the
// product's own build is left alone), then prints, for the files the embed's first view loads (embed.js,
// the chart and its Highcharts, the English messages: what `pnpm budgets:embed` counts), each part's
// minified code and that code compressed alone with brotli at its best quality, as the build compresses.
// A part compressed alone weighs a little more than its share of the whole file: the file's own
// brotli size is printed beside the sum. Figures only: it exits 0 whatever they are.
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { SourceMapConsumer } from 'source-map';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const appDir = path.join(root, 'remote-overview');
const requireFromApp = createRequire(path.join(appDir, 'package.json'));
/** The chunks the first view loads besides the module: the chart and the English messages. */
const FIRST_VIEW_CHUNKS = ['chart', 'messages-en', 'remote-messages-en'];

const FLUENT = 'Fluent UI (components, Griffel, tokens, icons)';
/** The part a source file belongs to: a library by its package, or the product's own code. */
const PARTS = [
  ['React DOM, React, scheduler', /^(react-dom|react|scheduler)$/],
  ['tabster (Fluent focus management)', /^tabster$/],
  [FLUENT, /^(@fluentui\/.*|@griffel\/.*|keyborg|rtl-css-js|stylis|@emotion\/.*|@floating-ui\/.*)$/],
  ['react-intl with formatjs', /^(react-intl|@formatjs\/.*|intl-messageformat)$/],
  ['Highcharts', /^(highcharts|highcharts-react-official)$/],
];
function partOf(source) {
  const pkg = /node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source ?? '')?.[1];
  // Fluent's published code maps some of its statements to no file but the build's root.
  if (source === 'webpack://remote-overview-embed/') return FLUENT;
  if (!source) return 'mapped to no source (webpack runtime, …)';
  if (pkg === undefined) return /\/messages\/[a-z]{2}\.ts$/.test(source) ? 'messages (English)' : 'the page, the platform, contracts';
  return PARTS.find(([, pattern]) => pattern.test(pkg))?.[0] ?? pkg;
}

const brotli = (text) => brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).length;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`.padStart(10);
const kb = (bytes) => `${(bytes / 1000).toFixed(0)} KB`.padStart(7);

/** Each part's generated code in one built file, as its source map attributes it. */
async function partsOf(file) {
  const code = readFileSync(file, 'utf8');
  const lines = code.split('\n');
  const consumer = await new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
  const mappings = [];
  consumer.eachMapping((mapping) => mappings.push(mapping));
  consumer.destroy();
  const parts = new Map();
  mappings.forEach((mapping, index) => {
    const next = mappings[index + 1];
    const line = lines[mapping.generatedLine - 1] ?? '';
    const end = next?.generatedLine === mapping.generatedLine ? next.generatedColumn : undefined;
    const part = partOf(mapping.source);
    parts.set(part, (parts.get(part) ?? '') + line.slice(mapping.generatedColumn, end));
  });
  return { whole: brotli(code), parts };
}

/** Builds the embed with source maps into `out`; the first view's script files. */
async function buildEmbed(out) {
  const webpack = requireFromApp('webpack');
  const argv = { mode: 'production', env: { outputPath: out } };
  const config = requireFromApp('./webpack.config.cjs')(argv.env, argv).find((one) => one.name === 'embed');
  const stats = await new Promise((resolve, reject) => {
    webpack({ ...config, devtool: 'source-map' }, (error, result) => (error ? reject(error) : resolve(result)));
  });
  if (stats.hasErrors()) throw new Error(stats.toString('errors-only'));
  const { namedChunkGroups } = stats.toJson({ all: false, chunkGroups: true, chunkGroupAuxiliary: false });
  const filesOf = (group) => (namedChunkGroups[group]?.assets ?? []).map((asset) => asset.name).filter((name) => name.endsWith('.js'));
  return ['embed', ...FIRST_VIEW_CHUNKS].flatMap(filesOf).map((name) => path.join(config.output.path, name));
}

const out = mkdtempSync(path.join(tmpdir(), 'linepulse-embed-parts-'));
try {
  console.log('building the embed with source maps…');
  const files = await buildEmbed(out);
  const totals = new Map();
  let wholeSum = 0;
  for (const file of files) {
    const { whole, parts } = await partsOf(file);
    wholeSum += whole;
    for (const [part, text] of parts) {
      const total = totals.get(part) ?? { minified: 0, brotli: 0 };
      totals.set(part, { minified: total.minified + text.length, brotli: total.brotli + brotli(text) });
    }
  }
  console.log(`\nThe first view's JavaScript (${files.map((file) => path.basename(file)).join(', ')}), by part:\n`);
  const rows = [...totals].sort((a, b) => b[1].brotli - a[1].brotli);
  for (const [part, { minified, brotli: size }] of rows) console.log(`${part.padEnd(48)}${kb(minified)}${kib(size)}`);
  const sum = rows.reduce((total, [, row]) => total + row.brotli, 0);
  console.log(`${'sum of the parts compressed alone'.padEnd(48)}${' '.repeat(7)}${kib(sum)}`);
  console.log(`${'the files compressed whole'.padEnd(48)}${' '.repeat(7)}${kib(wholeSum)}`);
} finally {
  rmSync(out, { recursive: true, force: true });
}

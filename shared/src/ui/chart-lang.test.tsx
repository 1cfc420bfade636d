import { waitFor } from '@testing-library/react';
import { LANGUAGES, type Language } from '@linepulse/contracts';
import { renderWithProviders } from '../testing/render-with-providers';
import { Chart } from './chart';
import { CHART_LANG } from './chart-lang';

/** Every path of an object's string leaves, sorted ("accessibility.chartTypes.columnSingle", …). */
function paths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => paths(child, prefix ? `${prefix}.${key}` : key)).sort();
}

function leaves(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

describe('Highcharts’ own words', () => {
  it.each(['fr', 'es'] as const)('%s gives every word English gives, with the same placeholders', (language) => {
    expect(paths(CHART_LANG[language])).toEqual(paths(CHART_LANG.en));
    const en = new Map(leaves(CHART_LANG.en));
    const placeholders = (text: string): string[] => [...text.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!.replace(/^#(?:eq|each|unless|if) /, '#')).filter((p) => !p.startsWith('/') && p !== 'else').sort();
    const differ = leaves(CHART_LANG[language]).filter(([path, text]) => placeholders(text).join() !== placeholders(en.get(path) ?? '').join());
    expect(differ).toEqual([]);
  });

  const sayings: Record<Language, { type: string; end: string; english: RegExp | null }> = {
    en: { type: 'Bar chart with 2 bars.', end: 'End of interactive chart.', english: null },
    fr: { type: 'Graphique en barres de 2 barres.', end: 'Fin du graphique interactif.', english: /Bar chart|End of interactive chart|Interactive chart|data points/ },
    es: { type: 'Gráfico de barras con 2 barras.', end: 'Fin del gráfico interactivo.', english: /Bar chart|End of interactive chart|Interactive chart|data points/ },
  };

  it.each(LANGUAGES)('a chart on a %s page describes itself to a screen reader in that language', async (language) => {
    const { container } = renderWithProviders(
      <Chart title="Disponibilité" fileName="availability" options={{ chart: { type: 'column' }, xAxis: { categories: ['L1', 'L2'] }, series: [{ type: 'column', name: 'A', data: [0.5, 0.7] }] }} />,
      { language },
    );
    await waitFor(() => expect(container.querySelector('.highcharts-xaxis-labels text')).not.toBeNull(), { timeout: 10_000 });
    const said = [...container.querySelectorAll('[id^="highcharts-screen-reader-region"], .highcharts-exit-anchor, [aria-label], [aria-roledescription]')]
      .map((element) => `${element.textContent ?? ''} ${element.getAttribute('aria-label') ?? ''}`)
      .join('\n');
    expect(said).toContain(sayings[language].type);
    expect(said).toContain(sayings[language].end);
    if (sayings[language].english) expect(said).not.toMatch(sayings[language].english!);
  });
});

import { teamsHighContrastTheme, webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { THEMES } from '@linepulse/contracts';
import { readDarkFlag, readStoredTheme, storeTheme } from './theme-storage';
import { chartPalette, fluentThemeFor, rateScale, themeFlags, themeFromFlags } from './themes';
import { breakpointFor } from './use-breakpoint';

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
    clear: () => data.clear(),
    key: () => null,
    get length() {
      return data.size;
    },
  };
}

describe('themes', () => {
  it('maps light and dark to the Fluent web themes and accessible to a high-contrast light theme', () => {
    expect(fluentThemeFor('light')).toBe(webLightTheme);
    expect(fluentThemeFor('dark')).toBe(webDarkTheme);
    const accessible = fluentThemeFor('accessible');
    expect(accessible).not.toBe(teamsHighContrastTheme);
    expect(accessible.colorNeutralBackground1).toBe(webLightTheme.colorNeutralBackground1);
    expect(accessible.colorNeutralForeground1).toBe('#000000');
  });

  it.each(THEMES)('gives 9 distinct chart colours for %s', (theme) => {
    const palette = chartPalette(theme);
    expect(palette).toHaveLength(9);
    expect(new Set(palette.map((c) => c.toLowerCase())).size).toBe(9);
  });

  it('uses the Okabe–Ito colour-blind-safe colours for accessible', () => {
    expect(chartPalette('accessible')).toEqual(expect.arrayContaining(['#E69F00', '#56B4E9', '#009E73', '#0072B2', '#D55E00', '#CC79A7']));
  });

  it('holds accessible as light plus an accessible flag, and sends it back as accessible', () => {
    expect(themeFlags('accessible')).toEqual({ dark: false, accessible: true });
    expect(themeFlags('dark')).toEqual({ dark: true, accessible: false });
    expect(themeFromFlags({ dark: false, accessible: true })).toBe('accessible');
    expect(themeFromFlags({ dark: true, accessible: false })).toBe('dark');
    expect(themeFromFlags({ dark: false, accessible: false })).toBe('light');
  });
});

describe('dark flag in local storage', () => {
  it('is dark unless stored as the string false', () => {
    expect(readDarkFlag(memoryStorage())).toBe(true);
    expect(readDarkFlag(memoryStorage({ 'linepulse.dark': 'true' }))).toBe(true);
    expect(readDarkFlag(memoryStorage({ 'linepulse.dark': 'nonsense' }))).toBe(true);
    expect(readDarkFlag(memoryStorage({ 'linepulse.dark': 'false' }))).toBe(false);
  });

  it('round-trips every theme', () => {
    for (const theme of THEMES) {
      const storage = memoryStorage();
      storeTheme(theme, storage);
      expect(readStoredTheme(storage)).toBe(theme);
    }
  });
});

describe('breakpoints', () => {
  it('follows 600, 960, 1264 and 1904 px', () => {
    expect([599, 600, 959, 960, 1263, 1264, 1903, 1904].map(breakpointFor)).toEqual(['xs', 'sm', 'sm', 'md', 'md', 'lg', 'lg', 'xl']);
  });
});

describe('availability scale of the heatmap', () => {
  /** WCAG relative luminance of a #rrggbb colour. */
  const luminance = (hex: string): number => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };

  test.each(['light', 'dark', 'accessible'] as const)('%s: stops run from 0 to 1 and N/D has a colour of its own', (theme) => {
    const scale = rateScale(theme);
    const at = scale.stops.map(([position]) => position);
    expect(at[0]).toBe(0);
    expect(at.at(-1)).toBe(1);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(scale.stops.map(([, colour]) => colour)).not.toContain(scale.nullColor);
  });

  test('the accessible scale is ordered in grey scale too (readable by every kind of colour blindness)', () => {
    const values = rateScale('accessible').stops.map(([, colour]) => luminance(colour));
    for (let i = 1; i < values.length; i += 1) expect(values[i]!).toBeGreaterThan(values[i - 1]!);
  });
});

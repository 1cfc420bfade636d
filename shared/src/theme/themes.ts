import { webDarkTheme, webLightTheme, type Theme } from '@fluentui/react-components';
import { CHART_COLOURS_PER_PALETTE, type ThemeName } from '@linepulse/contracts';

/**
 * The accessible theme is the light theme with stronger contrast (product §3: accessible is held as the
 * light theme plus an accessible flag): text and strokes darkened to black, a thick focus outline, and
 * a colour-blind-safe chart palette.
 */
const accessibleTheme: Theme = {
  ...webLightTheme,
  colorNeutralForeground1: '#000000',
  colorNeutralForeground2: '#000000',
  colorNeutralForeground3: '#1f1f1f',
  colorNeutralForeground4: '#333333',
  colorNeutralStroke1: '#000000',
  colorNeutralStroke2: '#333333',
  colorNeutralStrokeAccessible: '#000000',
  colorBrandForeground1: '#004578',
  colorBrandForegroundLink: '#004578',
  colorBrandBackground: '#004578',
  colorBrandBackgroundHover: '#003054',
  colorStrokeFocus2: '#000000',
  strokeWidthThick: '3px',
};

/** Fluent theme of a Linepulse theme name. */
export function fluentThemeFor(name: ThemeName): Theme {
  if (name === 'dark') return webDarkTheme;
  if (name === 'accessible') return accessibleTheme;
  return webLightTheme;
}

const PALETTES: Record<ThemeName, readonly string[]> = {
  // Fluent's data-visualisation hues, tuned for a white background. Neighbours differ in hue: orchid and
  // magenta side by side read as one colour in a stacked chart (planned, unplanned, unjustified).
  light: ['#0f6cbd', '#c239b3', '#ca5010', '#498205', '#e3008c', '#00a5af', '#8764b8', '#986f0b', '#4f6bed'],
  // Brighter variants of the same hues for a dark background.
  dark: ['#479ef5', '#d86ec5', '#e9835e', '#85b44c', '#ee5fb7', '#4bc8d0', '#a083cf', '#dcab3f', '#7f96f5'],
  // Okabe–Ito (colour-blind safe) plus black and a wine tone, on the light background.
  accessible: ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000', '#882255'],
};

/** The 9 chart colours of a theme (product §9). */
export function chartPalette(name: ThemeName): string[] {
  const palette = PALETTES[name];
  if (palette.length !== CHART_COLOURS_PER_PALETTE) throw new Error(`palette ${name} must have ${CHART_COLOURS_PER_PALETTE} colours`);
  return [...palette];
}

/** How a heatmap colours a rate from 0 to 1: colour stops, and the colour of a cell without a value (N/D). */
export interface RateScale {
  stops: [number, string][];
  /** N/D: a neutral tone no stop uses, so a cell without a value never reads as 0 %. */
  nullColor: string;
}

/**
 * The availability scale of each theme. Light and dark run red → amber → green, as plant dashboards do;
 * the accessible theme uses the viridis scale (dark purple → yellow), which stays ordered for every
 * kind of colour blindness and in grey scale. Cells also carry their value as an accessible label.
 */
const RATE_SCALES: Record<ThemeName, RateScale> = {
  light: { stops: [[0, '#c50f1f'], [0.5, '#f2a900'], [0.85, '#8bc34a'], [1, '#0e7a0d']], nullColor: '#e0e0e0' },
  dark: { stops: [[0, '#dc626d'], [0.5, '#f2c14e'], [0.85, '#9ccc65'], [1, '#54b054']], nullColor: '#3d3d3d' },
  // N/D in a neutral grey that stands out from the white panel (4.5:1) and from every colour of the scale.
  accessible: { stops: [[0, '#440154'], [0.25, '#3b528b'], [0.5, '#21918c'], [0.75, '#5ec962'], [1, '#fde725']], nullColor: '#767676' },
};

export function rateScale(name: ThemeName): RateScale {
  const scale = RATE_SCALES[name];
  return { stops: scale.stops.map(([at, colour]) => [at, colour]), nullColor: scale.nullColor };
}

/** Client-side form of a theme (product §3): a dark flag plus an accessible flag on the light theme. */
export interface ThemeFlags {
  dark: boolean;
  accessible: boolean;
}

export function themeFlags(theme: ThemeName): ThemeFlags {
  return { dark: theme === 'dark', accessible: theme === 'accessible' };
}

/** The theme sent back to the server: accessible wins, then the dark flag. */
export function themeFromFlags(flags: ThemeFlags): ThemeName {
  if (flags.accessible) return 'accessible';
  return flags.dark ? 'dark' : 'light';
}

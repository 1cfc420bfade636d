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
  // Fluent's data-visualisation hues, tuned for a white background.
  light: ['#0f6cbd', '#c239b3', '#e3008c', '#ca5010', '#498205', '#00a5af', '#8764b8', '#986f0b', '#4f6bed'],
  // Brighter variants of the same hues for a dark background.
  dark: ['#479ef5', '#d86ec5', '#ee5fb7', '#e9835e', '#85b44c', '#4bc8d0', '#a083cf', '#dcab3f', '#7f96f5'],
  // Okabe–Ito (colour-blind safe) plus black and a wine tone, on the light background.
  accessible: ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000', '#882255'],
};

/** The 9 chart colours of a theme (product §9). */
export function chartPalette(name: ThemeName): string[] {
  const palette = PALETTES[name];
  if (palette.length !== CHART_COLOURS_PER_PALETTE) throw new Error(`palette ${name} must have ${CHART_COLOURS_PER_PALETTE} colours`);
  return [...palette];
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

import { createContext, useContext } from 'react';
import { DEFAULT_THEME, type ThemeName } from '@linepulse/contracts';
import { chartPalette } from './themes';

/** The theme AppProviders applies, for code that needs its name (charts). */
export const ThemeNameContext = createContext<ThemeName>(DEFAULT_THEME);

export function useThemeName(): ThemeName {
  return useContext(ThemeNameContext);
}

/** The 9 chart colours of the current theme. */
export function useChartPalette(): string[] {
  return chartPalette(useThemeName());
}

import { applyDocumentDirection, type Direction } from '@terrace/i18n';
import { Direction as DirectionPrimitive } from 'radix-ui';
import { createContext, useContext, useLayoutEffect, useMemo, type ReactNode } from 'react';

export type Theme = 'light' | 'dark';

interface ThemeContextValue {
  theme: Theme;
  direction: Direction;
}

const ThemeContext = createContext<ThemeContextValue>({ theme: 'light', direction: 'ltr' });

export interface ThemeProviderProps {
  /** The shell owns persistence (local settings); this component only applies the choice. */
  theme: Theme;
  direction: Direction;
  children: ReactNode;
}

/**
 * Applies the theme as `<html class="dark">` and the direction through @terrace/i18n, and tells
 * Radix the direction so menus, sliders and portalled content follow it.
 */
export function ThemeProvider({ theme, direction, children }: ThemeProviderProps) {
  useLayoutEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
  }, [theme]);
  useLayoutEffect(() => {
    applyDocumentDirection(direction);
  }, [direction]);
  const value = useMemo(() => ({ theme, direction }), [theme, direction]);
  return (
    <ThemeContext.Provider value={value}>
      <DirectionPrimitive.Provider dir={direction}>{children}</DirectionPrimitive.Provider>
    </ThemeContext.Provider>
  );
}

/** The active theme and direction, for parts that must pass them on (portals, charts, toasts). */
export function useTheme(): ThemeContextValue {
  return useContext(ThemeContext);
}

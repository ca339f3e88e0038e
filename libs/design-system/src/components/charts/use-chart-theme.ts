import { useEffect, useState } from 'react';

export interface ChartTheme {
  series: string[];
  grid: string;
  axis: string;
  tooltipBackground: string;
  tooltipBorder: string;
  tooltipText: string;
}

function read(): ChartTheme {
  const style = getComputedStyle(document.documentElement);
  const v = (name: string) => style.getPropertyValue(name).trim();
  return {
    series: [1, 2, 3, 4, 5].map((i) => v(`--chart-${i}`)),
    grid: v('--chart-grid'),
    axis: v('--chart-axis'),
    tooltipBackground: v('--surface-raised'),
    tooltipBorder: v('--border'),
    tooltipText: v('--surface-raised-foreground'),
  };
}

/**
 * The chart colours of the active theme, read from the CSS tokens because SVG presentation
 * attributes cannot use var(). Re-read whenever <html>'s class (the theme) changes.
 */
export function useChartTheme(): ChartTheme {
  const [theme, setTheme] = useState(read);
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(read()));
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['class', 'style'],
    });
    setTheme(read());
    return () => observer.disconnect();
  }, []);
  return theme;
}

// The two text colours a user-chosen navigation colour can carry.
export const lightText = '#ffffff';
export const darkText = '#0a1330';

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of #rgb or #rrggbb; null when the value is not a hex colour. */
export function relativeLuminance(hex: string): number | null {
  const raw = hex.trim().replace(/^#/, '');
  const full = /^[0-9a-f]{3}$/i.test(raw) ? [...raw].map((c) => c + c).join('') : raw;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: string, b: string): number | null {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The text colour with the higher WCAG contrast on `background`. The spec's default #3e82f7 gets
 * dark text: white on it is only 3.7:1, below AA for body text.
 */
export function readableForeground(background: string): string {
  const onLight = contrastRatio(background, lightText);
  const onDark = contrastRatio(background, darkText);
  if (onLight === null || onDark === null) return darkText;
  return onLight >= onDark ? lightText : darkText;
}

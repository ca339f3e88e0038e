import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  darkText,
  lightText,
  readableForeground,
  relativeLuminance,
} from './readable-foreground';

describe('readableForeground', () => {
  it('computes WCAG contrast', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#3e82f7', '#ffffff')).toBeCloseTo(3.66, 1);
  });

  it('gives the spec default nav colour dark text, since white fails AA on it', () => {
    expect(readableForeground('#3e82f7')).toBe(darkText);
    expect(contrastRatio('#3e82f7', darkText)).toBeGreaterThanOrEqual(4.5);
  });

  it('gives dark colours light text', () => {
    expect(readableForeground('#1e293b')).toBe(lightText);
    expect(readableForeground('#7f1d1d')).toBe(lightText);
  });

  it('falls back to dark text for values that are not hex colours', () => {
    expect(relativeLuminance('blue')).toBeNull();
    expect(readableForeground('rgb(0,0,0)')).toBe(darkText);
  });
});

import { describe, expect, it } from 'vitest';
import { applyDocumentDirection, directionOf } from './direction';
import { locales } from './locales';

describe('directionOf', () => {
  it('is ltr for every product locale', () => {
    expect(locales.map((l) => directionOf(l.id))).toEqual(['ltr', 'ltr', 'ltr', 'ltr']);
  });
});

describe('applyDocumentDirection', () => {
  it('sets <html dir> and the body classes dir + direction, replacing the previous one', () => {
    applyDocumentDirection('rtl');
    expect(document.documentElement.getAttribute('dir')).toBe('rtl');
    expect([...document.body.classList].sort()).toEqual(['dir', 'rtl']);

    applyDocumentDirection('ltr');
    expect(document.documentElement.getAttribute('dir')).toBe('ltr');
    expect([...document.body.classList].sort()).toEqual(['dir', 'ltr']);
  });

  it('leaves unrelated body classes alone', () => {
    document.body.classList.add('keep-me');
    applyDocumentDirection('rtl');
    expect(document.body.classList.contains('keep-me')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { parseAnsi, stripAnsi } from './parse-ansi';

const ESC = '\u001b';

describe('parseAnsi', () => {
  it('returns plain text as one unstyled segment', () => {
    expect(parseAnsi('terraform init')).toEqual([{ text: 'terraform init', style: {} }]);
  });

  it('reads the eight normal foreground colours and reset', () => {
    expect(parseAnsi(`${ESC}[31mError:${ESC}[0m bad`)).toEqual([
      { text: 'Error:', style: { fg: 1 } },
      { text: ' bad', style: {} },
    ]);
    expect(parseAnsi(`${ESC}[37mw`)[0]?.style).toEqual({ fg: 7 });
  });

  it('maps bright colours to 8–15 and backgrounds separately', () => {
    expect(parseAnsi(`${ESC}[92mok${ESC}[104mbg${ESC}[49mx`)).toEqual([
      { text: 'ok', style: { fg: 10 } },
      { text: 'bg', style: { fg: 10, bg: 12 } },
      { text: 'x', style: { fg: 10 } },
    ]);
    expect(parseAnsi(`${ESC}[41mred bg`)[0]?.style).toEqual({ bg: 1 });
  });

  it('combines bold and colour in one sequence and turns bold off with 22', () => {
    expect(parseAnsi(`${ESC}[1;33mWarning${ESC}[22m done`)).toEqual([
      { text: 'Warning', style: { fg: 3, bold: true } },
      { text: ' done', style: { fg: 3 } },
    ]);
  });

  it('treats an empty SGR as reset and 39 as default foreground', () => {
    expect(parseAnsi(`${ESC}[32ma${ESC}[mb${ESC}[35mc${ESC}[39md`)).toEqual([
      { text: 'a', style: { fg: 2 } },
      { text: 'b', style: {} },
      { text: 'c', style: { fg: 5 } },
      { text: 'd', style: {} },
    ]);
  });

  it('skips 256-colour and true-colour arguments instead of misreading them', () => {
    // 38;5;31 must not be read as "red foreground" (31).
    expect(parseAnsi(`${ESC}[38;5;31mx`)[0]?.style).toEqual({});
    expect(parseAnsi(`${ESC}[1;38;2;255;0;0mx`)[0]?.style).toEqual({ bold: true });
  });

  it('drops non-SGR control sequences and merges equal neighbours', () => {
    expect(parseAnsi(`a${ESC}[2Kb${ESC}[1Gc`)).toEqual([{ text: 'abc', style: {} }]);
  });

  it('carries a style over from a previous chunk', () => {
    expect(parseAnsi('continued', { fg: 4 })).toEqual([{ text: 'continued', style: { fg: 4 } }]);
  });
});

describe('stripAnsi', () => {
  it('removes every escape sequence', () => {
    expect(stripAnsi(`${ESC}[1m${ESC}[32m+${ESC}[0m create${ESC}[K`)).toBe('+ create');
  });
});

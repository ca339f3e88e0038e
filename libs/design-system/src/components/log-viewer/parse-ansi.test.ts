import { describe, expect, it } from 'vitest';
import { ansiColorCss, parseAnsi, parseAnsiLine, stripAnsi } from './parse-ansi';

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

  it('reads 256-colour foreground and background as palette indexes', () => {
    // 38;5;31 is palette colour 31, not "red foreground" (31).
    expect(parseAnsi(`${ESC}[38;5;31mx`)[0]?.style).toEqual({ fg: 31 });
    expect(parseAnsi(`${ESC}[48;5;236;1mx`)[0]?.style).toEqual({ bg: 236, bold: true });
    expect(parseAnsi(`${ESC}[38;5;9mx`)[0]?.style).toEqual({ fg: 9 });
  });

  it('reads true colour as #rrggbb and keeps the codes after it', () => {
    expect(parseAnsi(`${ESC}[1;38;2;255;0;128mx`)[0]?.style).toEqual({ fg: '#ff0080', bold: true });
    expect(parseAnsi(`${ESC}[48;2;0;16;32;33mx`)[0]?.style).toEqual({ bg: '#001020', fg: 3 });
  });

  it('ignores extended colours with missing or out-of-range arguments', () => {
    expect(parseAnsi(`${ESC}[38;5;300mx`)[0]?.style).toEqual({});
    expect(parseAnsi(`${ESC}[38;2;1;2mx`)[0]?.style).toEqual({});
    expect(parseAnsi(`${ESC}[38;7;1mx`)[0]?.style).toEqual({ bold: true });
  });

  it('drops non-SGR control sequences and merges equal neighbours', () => {
    expect(parseAnsi(`a${ESC}[2Kb${ESC}[1Gc`)).toEqual([{ text: 'abc', style: {} }]);
  });

  it('carries a style over from a previous chunk', () => {
    expect(parseAnsi('continued', { fg: 4 })).toEqual([{ text: 'continued', style: { fg: 4 } }]);
  });
});

describe('parseAnsiLine', () => {
  it('returns the style a line ends in, so colour and bold carry to the next line until reset', () => {
    const first = parseAnsiLine(`${ESC}[1;38;5;208mError: plan failed`);
    expect(first.end).toEqual({ fg: 208, bold: true });
    const second = parseAnsiLine('  on main.tf line 3', first.end);
    expect(second.segments).toEqual([{ text: '  on main.tf line 3', style: { fg: 208, bold: true } }]);
    const third = parseAnsiLine(`done${ESC}[0m`, second.end);
    expect(third.end).toEqual({});
  });
});

describe('ansiColorCss', () => {
  it('maps the 16 colours to the theme tokens and the rest to their xterm values', () => {
    expect(ansiColorCss(1, 'fg')).toBe('var(--ansi-1)');
    expect(ansiColorCss(9, 'bg')).toBe('var(--ansi-bg-9)');
    expect(ansiColorCss(196, 'fg')).toBe('#ff0000');
    expect(ansiColorCss(16, 'fg')).toBe('#000000');
    expect(ansiColorCss(231, 'fg')).toBe('#ffffff');
    expect(ansiColorCss(67, 'fg')).toBe('#5f87af');
    expect(ansiColorCss(232, 'fg')).toBe('#080808');
    expect(ansiColorCss(255, 'fg')).toBe('#eeeeee');
    expect(ansiColorCss('#ff0080', 'fg')).toBe('#ff0080');
    // Backgrounds are toned into the terminal surface so text on them stays readable.
    expect(ansiColorCss('#ff0080', 'bg')).toBe('color-mix(in oklab, #ff0080 22%, var(--terminal))');
  });
});

describe('stripAnsi', () => {
  it('removes every escape sequence', () => {
    expect(stripAnsi(`${ESC}[1m${ESC}[32m+${ESC}[0m create${ESC}[K`)).toBe('+ create');
  });
});

/**
 * A colour: an index of the xterm 256-colour palette (0–7 normal, 8–15 bright, the theme's
 * terminal tokens; 16–231 the 6×6×6 cube; 232–255 greys) or a true colour as `#rrggbb`.
 */
export type AnsiColor = number | string;

export interface AnsiStyle {
  fg?: AnsiColor;
  bg?: AnsiColor;
  bold?: boolean;
}

export interface AnsiSegment {
  text: string;
  style: AnsiStyle;
}

// CSI sequences: ESC [ params final-byte. Only SGR ('m') changes style; the rest (cursor moves,
// erase line) mean nothing in a static log and are dropped.
// eslint-disable-next-line no-control-regex
const CSI = /\u001b\[([0-9;?]*)([@-~])/g;

function applySgr(style: AnsiStyle, params: string): AnsiStyle {
  const codes = params === '' ? [0] : params.split(';').map((p) => (p === '' ? 0 : Number(p)));
  let next: AnsiStyle = { ...style };
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i] ?? 0;
    if (code === 0) next = {};
    else if (code === 1) next.bold = true;
    else if (code === 22) delete next.bold;
    else if (code >= 30 && code <= 37) next.fg = code - 30;
    else if (code >= 90 && code <= 97) next.fg = code - 90 + 8;
    else if (code === 39) delete next.fg;
    else if (code >= 40 && code <= 47) next.bg = code - 40;
    else if (code >= 100 && code <= 107) next.bg = code - 100 + 8;
    else if (code === 49) delete next.bg;
    else if (code === 38 || code === 48) {
      // 38;5;n / 48;5;n: palette index. 38;2;r;g;b / 48;2;r;g;b: true colour. Their arguments
      // are consumed here so they are never misread as codes of their own.
      const layer = code === 38 ? 'fg' : 'bg';
      const form = codes[i + 1];
      const args = form === 5 ? codes.slice(i + 2, i + 3) : form === 2 ? codes.slice(i + 2, i + 5) : [];
      i += form === 5 ? 2 : form === 2 ? 4 : 1;
      const valid = args.length === (form === 5 ? 1 : 3) && args.every((v) => Number.isInteger(v) && v >= 0 && v <= 255);
      if (!valid) continue;
      next[layer] =
        form === 5 ? (args[0] ?? 0) : `#${args.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    }
  }
  return next;
}

/**
 * Splits one chunk (e.g. a log line) into styled segments, starting in `initial` (the style the
 * previous chunk ended in), and returns the style it ends in: colours and bold carry across
 * lines as in a terminal, until a reset.
 */
export function parseAnsiLine(text: string, initial: AnsiStyle = {}): { segments: AnsiSegment[]; end: AnsiStyle } {
  const segments: AnsiSegment[] = [];
  let style = initial;
  let last = 0;
  const push = (chunk: string) => {
    if (!chunk) return;
    const prev = segments[segments.length - 1];
    if (prev && sameStyle(prev.style, style)) prev.text += chunk;
    else segments.push({ text: chunk, style });
  };
  for (const match of text.matchAll(CSI)) {
    push(text.slice(last, match.index));
    if (match[2] === 'm') style = applySgr(style, match[1] ?? '');
    last = match.index + match[0].length;
  }
  push(text.slice(last));
  return { segments, end: style };
}

/**
 * The style a line ends in, from the style it starts in: what parseAnsiLine's `end` gives,
 * without building segments, and free for the many lines that carry no escape at all. The log
 * viewer runs it over every line in order to know each line's starting style.
 */
export function ansiEndStyle(text: string, initial: AnsiStyle = {}): AnsiStyle {
  if (text.indexOf('\u001b') < 0) return initial;
  let style = initial;
  for (const match of text.matchAll(CSI)) {
    if (match[2] === 'm') style = applySgr(style, match[1] ?? '');
  }
  return style;
}

/**
 * Splits text with ANSI SGR escapes into styled segments: the 16 colours (normal and bright),
 * the 256-colour palette and true colour, foreground and background, bold and reset.
 * `initial` carries style over from a previous chunk.
 */
export function parseAnsi(text: string, initial: AnsiStyle = {}): AnsiSegment[] {
  return parseAnsiLine(text, initial).segments;
}

/** A key equal for equal styles, for caches keyed by style. */
export function ansiStyleKey(style: AnsiStyle): string {
  return `${style.fg ?? ''}|${style.bg ?? ''}|${style.bold ? 1 : 0}`;
}

/** The CSS colour of a palette index or true colour (0–15 through the theme's terminal tokens). */
export function ansiColorCss(color: AnsiColor, layer: 'fg' | 'bg'): string {
  if (typeof color === 'string') {
    return layer === 'fg' ? color : `color-mix(in oklab, ${color} 22%, var(--terminal))`;
  }
  if (color < 16) return layer === 'fg' ? `var(--ansi-${color})` : `var(--ansi-bg-${color})`;
  const hex = xtermHex(color);
  return layer === 'fg' ? hex : `color-mix(in oklab, ${hex} 22%, var(--terminal))`;
}

/** xterm's colours 16–255: a 6×6×6 cube (levels 0, 95, 135, 175, 215, 255), then 24 greys. */
export function xtermHex(index: number): string {
  const hex = (v: number) => v.toString(16).padStart(2, '0');
  if (index >= 232) {
    const grey = 8 + (index - 232) * 10;
    return `#${hex(grey)}${hex(grey)}${hex(grey)}`;
  }
  const cube = index - 16;
  const level = (n: number) => (n === 0 ? 0 : 55 + n * 40);
  return `#${hex(level(Math.floor(cube / 36)))}${hex(level(Math.floor(cube / 6) % 6))}${hex(level(cube % 6))}`;
}

function sameStyle(a: AnsiStyle, b: AnsiStyle): boolean {
  return a.fg === b.fg && a.bg === b.bg && Boolean(a.bold) === Boolean(b.bold);
}

/** The text without any escape sequence, for copying and searching. */
export function stripAnsi(text: string): string {
  return text.replace(CSI, '');
}

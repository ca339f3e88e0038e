export interface AnsiStyle {
  /** 0–7 normal, 8–15 bright. */
  fg?: number;
  bg?: number;
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
      // 256-colour and true-colour forms are outside the 16-colour palette; skip their arguments
      // so they are not misread as other codes.
      i += codes[i + 1] === 5 ? 2 : codes[i + 1] === 2 ? 4 : 0;
    }
  }
  return next;
}

/**
 * Splits text with ANSI SGR escapes into styled segments: the 16 colours (normal and bright),
 * foreground and background, bold and reset. `initial` carries style over from a previous chunk.
 */
export function parseAnsi(text: string, initial: AnsiStyle = {}): AnsiSegment[] {
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
  return segments;
}

function sameStyle(a: AnsiStyle, b: AnsiStyle): boolean {
  return a.fg === b.fg && a.bg === b.bg && Boolean(a.bold) === Boolean(b.bold);
}

/** The text without any escape sequence, for copying and searching. */
export function stripAnsi(text: string): string {
  return text.replace(CSI, '');
}

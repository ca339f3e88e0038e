import type { CSSProperties } from 'react';
import { ansiColorCss, type AnsiSegment } from './parse-ansi';

function segmentStyle(segment: AnsiSegment): CSSProperties | undefined {
  const { fg, bg, bold } = segment.style;
  if (fg === undefined && bg === undefined && !bold) return undefined;
  return {
    color: fg !== undefined ? ansiColorCss(fg, 'fg') : undefined,
    backgroundColor: bg !== undefined ? ansiColorCss(bg, 'bg') : undefined,
    fontWeight: bold ? 600 : undefined,
  };
}

/**
 * Renders parsed ANSI segments: the 16 colours through the theme's terminal palette (tokens
 * --ansi-0 … --ansi-15), the 256-colour palette and true colour as they are.
 */
export function AnsiText({ segments }: { segments: AnsiSegment[] }) {
  return segments.map((segment, i) => (
    <span key={i} style={segmentStyle(segment)}>
      {segment.text}
    </span>
  ));
}

import type { CSSProperties } from 'react';
import type { AnsiSegment } from './parse-ansi';

function segmentStyle(segment: AnsiSegment): CSSProperties | undefined {
  const { fg, bg, bold } = segment.style;
  if (fg === undefined && bg === undefined && !bold) return undefined;
  return {
    color: fg !== undefined ? `var(--ansi-${fg})` : undefined,
    backgroundColor: bg !== undefined ? `var(--ansi-bg-${bg})` : undefined,
    fontWeight: bold ? 600 : undefined,
  };
}

/** Renders parsed ANSI segments with the theme's terminal palette (tokens --ansi-0 … --ansi-15). */
export function AnsiText({ segments }: { segments: AnsiSegment[] }) {
  return segments.map((segment, i) => (
    <span key={i} style={segmentStyle(segment)}>
      {segment.text}
    </span>
  ));
}

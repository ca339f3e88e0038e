import { Plural, useLingui } from '@lingui/react/macro';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useMemo, useReducer, useRef, type ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { useControllableState } from '../../lib/use-controllable-state';
import { CopyButton } from '../copy-button/copy-button';
import { Label } from '../label/label';
import { Switch } from '../switch/switch';
import { AnsiText } from './ansi-text';
import {
  ansiEndStyle,
  ansiStyleKey,
  parseAnsiLine,
  stripAnsi,
  type AnsiSegment,
  type AnsiStyle,
} from './parse-ansi';

const LINE_HEIGHT = 20;
/** Lines whose starting style a render may work out on the spot; further ones wait for the background pass. */
const SYNC_LINES = 2000;
/** Time the background pass may take per animation frame, so scrolling and typing stay smooth. */
const FRAME_BUDGET_MS = 6;

const nextFrame = (callback: () => void): (() => void) => {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(callback);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(callback, 16);
  return () => clearTimeout(id);
};

export interface LogViewerProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** One entry per line, ANSI escapes allowed. Append to the array to stream. */
  lines: readonly string[];
  /** Accessible name of the log region, e.g. 'Plan output'. */
  label: string;
  height?: number;
  /** Keep the newest line in view as lines arrive. */
  follow?: boolean;
  onFollowChange?: (follow: boolean) => void;
  lineNumbers?: boolean;
}

/**
 * A virtualised log: only the lines in view are in the DOM, so 100,000 lines scroll smoothly.
 * A colour or bold set on one line carries on to the next until reset, as in a terminal: each
 * line is parsed from the style the previous one ended in, and cached by that style and its text.
 * The starting styles are worked out in order, incrementally: a render computes at most a couple
 * of thousand on the spot, a background pass does the rest a few milliseconds per frame, and
 * appended lines continue from where it stopped. A line whose style is not known yet shows its
 * text plainly (`data-pending`) for the frames until it is.
 */
export function LogViewer({
  lines,
  label,
  height = 480,
  follow: followProp,
  onFollowChange,
  lineNumbers = true,
  className,
  ...props
}: LogViewerProps) {
  const { t } = useLingui();
  const switchId = useId();
  const [follow, setFollow] = useControllableState(followProp, onFollowChange, true);
  const scrollRef = useRef<HTMLDivElement>(null);
  // Parsed lines by their text, bounded so a long scroll through 100,000 lines cannot hoard memory.
  const cache = useMemo(() => new Map<string, AnsiSegment[]>(), []);

  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => LINE_HEIGHT,
    overscan: 20,
    // The first screen of lines renders before the scroll area is measured.
    initialRect: { width: 0, height },
  });

  useEffect(() => {
    if (follow && lines.length > 0) virtualizer.scrollToIndex(lines.length - 1, { align: 'end' });
  }, [follow, lines.length, virtualizer]);

  // starts[i]: the style line i starts in. Kept while lines are only appended.
  const starts = useRef<{ lines: readonly string[]; styles: AnsiStyle[] }>({ lines, styles: [] });
  const current = (): AnsiStyle[] => {
    const memo = starts.current;
    if (memo.lines !== lines) {
      // Appended when the previous array's last line whose end style we used is unchanged.
      const checked = Math.min(memo.styles.length, memo.lines.length) - 1;
      const appended =
        lines.length >= memo.lines.length &&
        (checked < 0 || lines[checked] === memo.lines[checked]);
      starts.current = { lines, styles: appended ? memo.styles : [] };
    }
    return starts.current.styles;
  };
  const extend = (styles: AnsiStyle[], upTo: number) => {
    for (let i = styles.length; i <= upTo && i < lines.length; i++) {
      styles.push(i === 0 ? {} : ansiEndStyle(lines[i - 1] ?? '', styles[i - 1]));
    }
  };
  const startStyle = (index: number): AnsiStyle | undefined => {
    const styles = current();
    if (index >= styles.length && index - styles.length < SYNC_LINES) extend(styles, index);
    return styles[index];
  };

  // The background pass: the starting styles of every line, a bounded slice per frame; a render
  // follows each slice so lines shown plainly take their colours.
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    let cancel: (() => void) | null = null;
    const step = () => {
      const styles = current();
      const started = performance.now();
      while (styles.length < lines.length && performance.now() - started < FRAME_BUDGET_MS) {
        extend(styles, Math.min(styles.length + 499, lines.length - 1));
      }
      rerender();
      cancel = styles.length < lines.length ? nextFrame(step) : null;
    };
    // A few appended lines are worked out by the render that shows them; only a backlog needs the pass.
    if (lines.length - current().length > SYNC_LINES) cancel = nextFrame(step);
    return () => cancel?.();
    // `current` and `extend` read `lines`, the only input that changes the work.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lines]);

  const parsed = (index: number): AnsiSegment[] | null => {
    const line = lines[index] ?? '';
    const start = startStyle(index);
    if (!start) return null;
    const key = `${ansiStyleKey(start)}\u0000${line}`;
    let segments = cache.get(key);
    if (!segments) {
      if (cache.size > 5000) cache.clear();
      segments = parseAnsiLine(line, start).segments;
      cache.set(key, segments);
    }
    return segments;
  };

  const lineCount = lines.length;
  const gutter = `${String(lineCount).length + 1}ch`;

  return (
    <div
      data-slot="log-viewer"
      className={cn(
        'flex flex-col overflow-hidden rounded-lg border border-border bg-terminal text-terminal-foreground',
        className,
      )}
      {...props}
    >
      <div className="flex h-10 items-center justify-between gap-3 border-b border-border ps-4 pe-2">
        <span className="truncate text-xs font-medium text-terminal-muted">
          {label} · <Plural value={lineCount} one="# line" other="# lines" />
        </span>
        <div className="flex items-center gap-3">
          <div className="flex items-center gap-2">
            <Switch id={switchId} size="sm" checked={follow} onCheckedChange={setFollow} />
            <Label htmlFor={switchId} className="text-xs font-normal text-terminal-muted">
              {t`Follow`}
            </Label>
          </div>
          <CopyButton
            text={() => lines.map(stripAnsi).join('\n')}
            label={t`Copy log`}
            className="size-7 text-terminal-muted hover:text-terminal-foreground"
          />
        </div>
      </div>
      <div
        ref={scrollRef}
        dir="ltr"
        role="log"
        aria-label={label}
        // Scrolling up to read stops following, as in a terminal; scrolling back to the end resumes.
        onScroll={(event) => {
          const el = event.currentTarget;
          const atEnd = el.scrollHeight - el.scrollTop - el.clientHeight < LINE_HEIGHT * 2;
          if (atEnd !== follow) setFollow(atEnd);
        }}
        // A scrolling region must be reachable by keyboard (axe: scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="relative overflow-auto font-mono text-[13px] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
        style={{ height }}
      >
        <div className="relative min-w-max" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const segments = parsed(item.index);
            return (
              <div
                key={item.key}
                data-index={item.index}
                data-pending={segments ? undefined : true}
                className="absolute start-0 flex min-w-full pe-4 hover:bg-muted/30"
                style={{ top: item.start, height: LINE_HEIGHT, lineHeight: `${LINE_HEIGHT}px` }}
              >
                {lineNumbers && (
                  <span
                    aria-hidden
                    className="sticky start-0 shrink-0 bg-terminal pe-3 ps-3 text-end text-terminal-muted select-none"
                    style={{ width: `calc(${gutter} + 1.5rem)` }}
                  >
                    {item.index + 1}
                  </span>
                )}
                <span className="whitespace-pre ps-1">
                  {segments ? <AnsiText segments={segments} /> : stripAnsi(lines[item.index] ?? '')}
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

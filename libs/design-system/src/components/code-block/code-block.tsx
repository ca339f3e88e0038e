import { useMemo, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { CopyButton } from '../copy-button/copy-button';
import { AnsiText } from '../log-viewer/ansi-text';
import { parseAnsi, stripAnsi } from '../log-viewer/parse-ansi';

export interface CodeBlockProps extends Omit<ComponentProps<'div'>, 'title'> {
  code: string;
  /** Shown in the header, e.g. a file name or 'main.tf'. */
  title?: ReactNode;
  /** Colour ANSI escapes instead of showing them (command output). */
  ansi?: boolean;
  lineNumbers?: boolean;
  /** Hide the copy button. */
  copyable?: boolean;
  maxHeight?: number;
}

export function CodeBlock({
  code,
  title,
  ansi = false,
  lineNumbers = false,
  copyable = true,
  maxHeight,
  className,
  ...props
}: CodeBlockProps) {
  const lines = useMemo(() => code.replace(/\n$/, '').split('\n'), [code]);
  const parsed = useMemo(() => (ansi ? lines.map((line) => parseAnsi(line)) : null), [ansi, lines]);

  return (
    <div
      data-slot="code-block"
      className={cn(
        'group relative overflow-hidden rounded-lg border border-border bg-terminal text-terminal-foreground',
        className,
      )}
      {...props}
    >
      {(title || copyable) && (
        <div
          className={cn(
            'flex items-center justify-between gap-2 ps-4 pe-2',
            title ? 'h-10 border-b border-border' : 'absolute end-1 top-1 z-10',
          )}
        >
          {title && (
            <span className="truncate text-xs font-medium text-terminal-muted">{title}</span>
          )}
          {copyable && (
            <CopyButton
              text={() => (ansi ? stripAnsi(code) : code)}
              className="size-7 text-terminal-muted hover:text-terminal-foreground"
            />
          )}
        </div>
      )}
      {/* Code reads left to right whatever the page direction. */}
      <pre
        dir="ltr"
        // Keyboard users must be able to scroll a long block (axe: scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="relative overflow-auto py-3 font-mono text-[13px] leading-5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
        style={{ maxHeight }}
      >
        <code className="grid min-w-max">
          {lines.map((line, i) => (
            <span key={i} className="flex px-4">
              {lineNumbers && (
                <span
                  aria-hidden
                  className="me-4 inline-block w-8 shrink-0 text-end text-terminal-muted select-none"
                >
                  {i + 1}
                </span>
              )}
              <span className="whitespace-pre">
                {parsed ? <AnsiText segments={parsed[i] ?? []} /> : line || ' '}
              </span>
            </span>
          ))}
        </code>
      </pre>
    </div>
  );
}

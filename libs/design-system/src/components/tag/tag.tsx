import { useLingui } from '@lingui/react/macro';
import { XIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export interface TagProps extends ComponentProps<'span'> {
  /** Shows a remove button named after the tag's text. */
  onRemove?: () => void;
  /** The tag's text for the remove button's name when children are not plain text. */
  label?: string;
}

/** A key/label chip, e.g. a stack label or a selected value in MultiSelect. */
export function Tag({ className, children, onRemove, label, ...props }: TagProps) {
  const { t } = useLingui();
  const name = label ?? (typeof children === 'string' ? children : '');
  return (
    <span
      data-slot="tag"
      className={cn(
        'inline-flex h-6 max-w-full items-center gap-1 rounded-md border border-border bg-muted px-2 text-xs font-medium text-foreground',
        onRemove && 'pe-1',
        className,
      )}
      {...props}
    >
      <span className="truncate">{children}</span>
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          aria-label={t`Remove ${name}`}
          className="inline-flex size-4 cursor-pointer items-center justify-center rounded-sm text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <XIcon className="size-3" aria-hidden />
        </button>
      )}
    </span>
  );
}

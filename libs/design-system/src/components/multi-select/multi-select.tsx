import { useLingui } from '@lingui/react/macro';
import { Check, ChevronDown, Search } from 'lucide-react';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../../lib/cn';
import { controlStyles } from '../../lib/control-styles';
import { useFormFieldControl } from '../form-field/form-field';
import { Popover, PopoverContent, PopoverTrigger } from '../popover/popover';
import { Tag } from '../tag/tag';

export interface MultiSelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface MultiSelectProps {
  options: readonly MultiSelectOption[];
  value: readonly string[];
  onValueChange: (value: string[]) => void;
  placeholder?: string;
  /** Accessible name when not inside a FormField. */
  'aria-label'?: string;
  disabled?: boolean;
  /** Selected values shown as tags in the trigger before collapsing into "+N". */
  maxTags?: number;
  className?: string;
  id?: string;
}

/**
 * Several values from a searchable list. The search box owns focus; arrow keys move through the
 * options (announced through aria-activedescendant) and Enter toggles one.
 */
export function MultiSelect({
  options,
  value,
  onValueChange,
  placeholder,
  disabled = false,
  maxTags = 3,
  className,
  ...props
}: MultiSelectProps) {
  const { t } = useLingui();
  // A button may not carry aria-required (axe: aria-allowed-attr); the field's label says it is required.
  const { 'aria-required': _required, ...field } = useFormFieldControl();
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  const selected = useMemo(() => new Set(value), [value]);
  const filtered = useMemo(() => {
    const q = query.trim().toLocaleLowerCase();
    return q ? options.filter((o) => o.label.toLocaleLowerCase().includes(q)) : [...options];
  }, [options, query]);
  const labels = options.filter((o) => selected.has(o.value));

  const toggle = (option: MultiSelectOption | undefined) => {
    if (!option || option.disabled) return;
    onValueChange(
      selected.has(option.value)
        ? value.filter((v) => v !== option.value)
        : [...value, option.value],
    );
  };

  const move = (next: number) => {
    if (filtered.length === 0) return;
    const index = (next + filtered.length) % filtered.length;
    setActive(index);
    listRef.current
      ?.querySelector(`#${CSS.escape(optionId(index))}`)
      ?.scrollIntoView({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(active + 1),
      ArrowUp: () => move(active - 1),
      Home: () => move(0),
      End: () => move(filtered.length - 1),
      Enter: () => toggle(filtered[active]),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  const selectedCount = value.length;
  const shown = labels.slice(0, maxTags);
  const hidden = labels.length - shown.length;

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setQuery('');
          setActive(0);
        }
      }}
    >
      <PopoverTrigger asChild disabled={disabled}>
        <button
          type="button"
          data-slot="multi-select-trigger"
          aria-haspopup="listbox"
          {...field}
          id={props.id ?? field.id}
          aria-label={props['aria-label']}
          className={cn(
            controlStyles,
            'flex min-h-9 cursor-pointer items-center gap-1.5 px-2 py-1 text-start',
            className,
          )}
        >
          <span className="flex min-w-0 flex-1 flex-wrap items-center gap-1">
            {labels.length === 0 ? (
              <span className="px-1 text-muted-foreground">{placeholder ?? t`Select…`}</span>
            ) : (
              <>
                {shown.map((o) => (
                  <Tag key={o.value}>{o.label}</Tag>
                ))}
                {hidden > 0 && (
                  <span className="px-1 text-xs text-muted-foreground">{t`+${hidden} more`}</span>
                )}
              </>
            )}
          </span>
          <ChevronDown aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        </button>
      </PopoverTrigger>
      <PopoverContent
        className="w-(--radix-popover-trigger-width) min-w-56 p-0"
        onOpenAutoFocus={(e) => e.preventDefault()}
      >
        <div className="flex items-center gap-2 border-b border-border px-3">
          <Search aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <input
            // Focus lands here on open so typing filters at once.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            role="combobox"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={filtered[active] ? optionId(active) : undefined}
            aria-label={t`Search options`}
            placeholder={t`Search…`}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            className="h-9 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
          />
        </div>
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-multiselectable="true"
          aria-label={props['aria-label'] ?? t`Options`}
          className="max-h-64 overflow-y-auto p-1"
        >
          {filtered.length === 0 && (
            <li className="px-2 py-6 text-center text-sm text-muted-foreground">{t`No matches.`}</li>
          )}
          {filtered.map((option, index) => {
            const isSelected = selected.has(option.value);
            return (
              // Options are chosen with the keyboard through the search box (aria-activedescendant).
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={isSelected}
                aria-disabled={option.disabled || undefined}
                data-active={index === active || undefined}
                onMouseMove={() => setActive(index)}
                onClick={() => toggle(option)}
                className={cn(
                  'flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-sm select-none',
                  'data-[active]:bg-accent data-[active]:text-accent-foreground aria-disabled:pointer-events-none aria-disabled:opacity-50',
                )}
              >
                <span
                  aria-hidden
                  className={cn(
                    'flex size-4 shrink-0 items-center justify-center rounded-sm border border-input',
                    isSelected && 'border-primary bg-primary text-primary-foreground',
                  )}
                >
                  {isSelected && <Check className="size-3" strokeWidth={3} />}
                </span>
                <span className="truncate">{option.label}</span>
              </li>
            );
          })}
        </ul>
        {value.length > 0 && (
          <div className="flex justify-between border-t border-border px-3 py-2 text-xs text-muted-foreground">
            <span>{t`${selectedCount} selected`}</span>
            <button
              type="button"
              onClick={() => onValueChange([])}
              className="cursor-pointer font-medium text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            >
              {t`Clear`}
            </button>
          </div>
        )}
      </PopoverContent>
    </Popover>
  );
}

import { useLingui } from '@lingui/react/macro';
import { Check, Search } from 'lucide-react';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../../lib/cn';
import { Popover, PopoverContent, PopoverTrigger } from '../popover/popover';
import {
  MultiSelectTriggerContent,
  multiSelectTriggerClass,
  useMultiSelectField,
  type MultiSelectOption,
  type MultiSelectProps,
} from './multi-select';

/**
 * MultiSelect once its Radix code has loaded (multi-select.tsx). The search box owns focus; arrow
 * keys move through the options (announced through aria-activedescendant) and Enter toggles one.
 */
export function MultiSelectPopover({
  options,
  value,
  onValueChange,
  placeholder,
  disabled = false,
  maxTags = 3,
  className,
  defaultOpen = false,
  ...props
}: MultiSelectProps & { defaultOpen?: boolean }) {
  const { t } = useLingui();
  const field = useMultiSelectField();
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const [open, setOpen] = useState(defaultOpen);
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
          className={multiSelectTriggerClass(className)}
        >
          <MultiSelectTriggerContent labels={labels} maxTags={maxTags} placeholder={placeholder} />
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

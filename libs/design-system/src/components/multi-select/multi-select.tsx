import { useLingui } from '@lingui/react/macro';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn';
import { controlStyles } from '../../lib/control-styles';
import { Deferred } from '../../lib/deferred';
import { useFormFieldControl } from '../form-field/form-field-context';
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

/** The FormField's wiring for the trigger, less aria-required, which a button may not carry (axe: aria-allowed-attr); the field's label says it is required. */
export function useMultiSelectField() {
  const { 'aria-required': _required, ...field } = useFormFieldControl();
  return field;
}

export function multiSelectTriggerClass(className?: string) {
  return cn(controlStyles, 'flex min-h-9 cursor-pointer items-center gap-1.5 px-2 py-1 text-start', className);
}

/** What the trigger shows: the chosen options as tags (at most `maxTags`, then "+N more"), or the placeholder. */
export function MultiSelectTriggerContent({
  labels,
  maxTags,
  placeholder,
}: {
  labels: readonly MultiSelectOption[];
  maxTags: number;
  placeholder: string | undefined;
}) {
  const { t } = useLingui();
  const shown = labels.slice(0, maxTags);
  const hidden = labels.length - shown.length;
  return (
    <>
      <span className="flex min-w-0 flex-1 flex-wrap items-center gap-1">
        {labels.length === 0 ? (
          <span className="px-1 text-muted-foreground">{placeholder ?? t`Select…`}</span>
        ) : (
          <>
            {shown.map((o) => (
              <Tag key={o.value}>{o.label}</Tag>
            ))}
            {hidden > 0 && <span className="px-1 text-xs text-muted-foreground">{t`+${hidden} more`}</span>}
          </>
        )}
      </span>
      <ChevronDown aria-hidden className="size-4 shrink-0 text-muted-foreground" />
    </>
  );
}

const loadPopover = () => import('./multi-select-popover').then((m) => m.MultiSelectPopover);

/**
 * Several values from a searchable list. Its Radix popover code (popper, focus and dismiss code,
 * about 25 KiB gzip) loads on first use: the trigger renders at once as the loaded one does, and
 * the list opens on the press or key that asked for it (multi-select-popover.tsx).
 */
export function MultiSelect(props: MultiSelectProps) {
  const { options, value, placeholder, disabled = false, maxTags = 3, className } = props;
  const field = useMultiSelectField();
  const chosen = new Set(value);
  return (
    <Deferred
      load={loadPopover}
      props={props}
      trigger={(trigger) => (
        <button
          // Browsers send pointer events to a disabled button too: a disabled one gets no handlers.
          {...(disabled ? { ref: trigger.ref } : trigger)}
          type="button"
          disabled={disabled}
          data-slot="multi-select-trigger"
          aria-haspopup="listbox"
          {...field}
          id={props.id ?? field.id}
          aria-label={props['aria-label']}
          className={multiSelectTriggerClass(className)}
        >
          <MultiSelectTriggerContent
            labels={options.filter((o) => chosen.has(o.value))}
            maxTags={maxTags}
            placeholder={placeholder}
          />
        </button>
      )}
    />
  );
}

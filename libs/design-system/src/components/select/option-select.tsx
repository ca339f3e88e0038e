import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Deferred } from '../../lib/deferred';
import { selectTriggerClass } from './select-trigger-class';

export interface OptionSelectProps {
  value: string;
  options: readonly { value: string; label: ReactNode }[];
  onValueChange: (value: string) => void;
  size?: 'sm' | 'md';
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  /** What a form field gives its control (FormField): the label's target, help and error. */
  id?: string;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: boolean | undefined;
  'aria-required'?: boolean | undefined;
}

const loadSelect = () => import('./option-select-radix').then((m) => m.OptionSelectRadix);

/**
 * A select of a few options (a table's page size or filter) whose Radix code loads on first use:
 * its trigger renders at once, as Radix renders it (a combobox showing the chosen option's label),
 * and the list opens on the press or key that asked for it.
 */
export function OptionSelect({ size = 'md', ...props }: OptionSelectProps) {
  const { value, options, className } = props;
  return (
    <Deferred
      load={loadSelect}
      props={{ size, ...props }}
      trigger={(trigger) => (
        <button
          {...trigger}
          type="button"
          // Its list does not exist before it loads, so there is nothing yet for aria-controls to
          // name (ARIA asks for it on an expanded combobox; this one is always collapsed).
          // eslint-disable-next-line jsx-a11y/role-has-required-aria-props
          role="combobox"
          aria-expanded={false}
          aria-autocomplete="none"
          id={props.id}
          aria-label={props['aria-label']}
          aria-labelledby={props['aria-labelledby']}
          aria-describedby={props['aria-describedby']}
          aria-invalid={props['aria-invalid']}
          aria-required={props['aria-required']}
          data-slot="select-trigger"
          data-size={size}
          className={selectTriggerClass(size, className)}
        >
          <span style={{ pointerEvents: 'none' }}>{options.find((option) => option.value === value)?.label}</span>
          <ChevronDown className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        </button>
      )}
    />
  );
}

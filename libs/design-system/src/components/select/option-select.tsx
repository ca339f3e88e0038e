import { ChevronDown } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { Deferred } from '../../lib/deferred';
import { useComposedRef } from '../../lib/slot';
import { useFormFieldControl } from '../form-field/form-field-context';
import { selectTriggerClass } from './select-trigger-class';

export interface OptionSelectOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

export interface OptionSelectProps {
  /** The chosen option's value; `''` or none shows the placeholder. */
  value: string | undefined;
  options: readonly OptionSelectOption[];
  onValueChange: (value: string) => void;
  /** Shown while no option is chosen. */
  placeholder?: ReactNode;
  disabled?: boolean;
  size?: 'sm' | 'md';
  className?: string;
  /** The trigger (a form field's control: the form focuses it when its value is refused). */
  ref?: Ref<HTMLButtonElement>;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  /** What a form field gives its control (FormField, also read from its context): the label's target, help and error. */
  id?: string;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: boolean | undefined;
  'aria-required'?: boolean | undefined;
}

const loadSelect = () => import('./option-select-radix').then((m) => m.OptionSelectRadix);

/**
 * A select of options whose Radix code (the list, popper and focus code, about 30 KiB gzip) loads
 * on first use: its trigger renders at once, as Radix renders it (a combobox showing the chosen
 * option's label, or the placeholder), and the list opens on the press or key that asked for it.
 * The console's one select: a page shows its selects closed.
 */
export function OptionSelect({ size = 'md', ref, ...given }: OptionSelectProps) {
  // Inside a FormField, the field's id and descriptions, as SelectTrigger takes them.
  const props = { ...useFormFieldControl(), ...given };
  const { value, options, className, placeholder, disabled } = props;
  const chosen = options.find((option) => option.value === value);
  return (
    <Deferred
      load={loadSelect}
      props={{ size, ref, ...props }}
      trigger={({ ref: standInRef, ...trigger }) => (
        <StandInTrigger standInRef={standInRef} ref={ref}>
          {(composedRef) => (
            <button
              // Browsers send pointer events to a disabled button too: a disabled one gets no handlers.
              {...(disabled ? {} : trigger)}
              ref={composedRef}
              type="button"
              disabled={disabled}
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
              data-placeholder={chosen ? undefined : ''}
              data-disabled={disabled ? '' : undefined}
              className={selectTriggerClass(size, className)}
            >
              <span style={{ pointerEvents: 'none' }}>{chosen ? chosen.label : placeholder}</span>
              <ChevronDown className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            </button>
          )}
        </StandInTrigger>
      )}
    />
  );
}

/** The stand-in's button takes both the deferred trigger's ref and the caller's. */
function StandInTrigger({
  standInRef,
  ref,
  children,
}: {
  standInRef: Ref<HTMLButtonElement>;
  ref: Ref<HTMLButtonElement> | undefined;
  children: (ref: Ref<HTMLButtonElement>) => ReactNode;
}) {
  return children(useComposedRef(standInRef, ref));
}

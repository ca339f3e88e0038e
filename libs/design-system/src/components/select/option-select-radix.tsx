import type { OptionSelectProps } from './option-select';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

/** OptionSelect once its Radix code has loaded (option-select.tsx). */
export function OptionSelectRadix({
  value,
  options,
  onValueChange,
  placeholder,
  disabled,
  size,
  className,
  defaultOpen,
  ref,
  ...label
}: OptionSelectProps & { defaultOpen?: boolean }) {
  return (
    <Select value={value ?? ''} onValueChange={onValueChange} defaultOpen={defaultOpen} disabled={disabled}>
      <SelectTrigger ref={ref} size={size} className={className} {...label}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

import type { OptionSelectProps } from './option-select';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

/** OptionSelect once its Radix code has loaded (option-select.tsx). */
export function OptionSelectRadix({
  value,
  options,
  onValueChange,
  size,
  className,
  defaultOpen,
  ...label
}: OptionSelectProps & { defaultOpen?: boolean }) {
  return (
    <Select value={value} onValueChange={onValueChange} defaultOpen={defaultOpen}>
      <SelectTrigger size={size} className={className} {...label}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

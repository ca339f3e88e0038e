import { useId, type ReactNode } from 'react';
import { Switch } from '@terrace/design-system';

export interface SettingToggleProps {
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Shown on hover when disabled, so a read-only user knows why. */
  disabledReason?: string;
  pending?: boolean;
}

/** One setting as a row: label and explanation at the start, the switch at the end. */
export function SettingToggle({ label, description, checked, onCheckedChange, disabled = false, disabledReason, pending = false }: SettingToggleProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <div className="flex items-start justify-between gap-6 py-3" title={disabled ? disabledReason : undefined}>
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="text-sm text-muted-foreground">
            {description}
          </p>
        )}
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled || pending}
        aria-describedby={description ? descriptionId : undefined}
        aria-busy={pending || undefined}
      />
    </div>
  );
}

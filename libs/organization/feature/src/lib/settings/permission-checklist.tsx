import { useLingui } from '@lingui/react/macro';
import { Checkbox, Label } from '@terrace/design-system';
import type { CustomRolePermissionName } from '@terrace/organization/data-access';
import { useId } from 'react';
import { stackPermissionGroups } from './stack-permissions';

export interface PermissionChecklistProps {
  value: readonly CustomRolePermissionName[];
  onChange: (next: CustomRolePermissionName[]) => void;
  disabled?: boolean;
}

/** The stack permissions as a checklist grouped by resource, each group with a select-all box. */
export function PermissionChecklist({ value, onChange, disabled = false }: PermissionChecklistProps) {
  const { i18n } = useLingui();
  const baseId = useId();
  const chosen = new Set(value);
  const toggle = (names: CustomRolePermissionName[], on: boolean) => {
    const next = new Set(chosen);
    for (const name of names) {
      if (on) next.add(name);
      else next.delete(name);
    }
    onChange([...next]);
  };

  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {stackPermissionGroups.map((group) => {
        const names = group.actions.map((action) => action.name);
        const count = names.filter((name) => chosen.has(name)).length;
        const groupId = `${baseId}-${group.resource}`;
        return (
          <fieldset key={group.resource} className="flex flex-col gap-2 rounded-md border border-border p-3">
            <legend className="sr-only">{i18n._(group.label)}</legend>
            <div className="flex items-center gap-2">
              <Checkbox
                id={groupId}
                disabled={disabled}
                checked={count === names.length ? true : count > 0 ? 'indeterminate' : false}
                onCheckedChange={(checked) => toggle(names, checked === true)}
              />
              <Label htmlFor={groupId} className="font-semibold">
                {i18n._(group.label)}
              </Label>
            </div>
            <ul className="flex flex-col gap-1.5 ps-6">
              {group.actions.map((action) => {
                const id = `${baseId}-${action.name}`;
                return (
                  <li key={action.name} className="flex items-center gap-2">
                    <Checkbox
                      id={id}
                      disabled={disabled}
                      checked={chosen.has(action.name)}
                      onCheckedChange={(checked) => toggle([action.name], checked === true)}
                    />
                    <Label htmlFor={id} className="font-normal">
                      {i18n._(action.label)}
                    </Label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}
    </div>
  );
}

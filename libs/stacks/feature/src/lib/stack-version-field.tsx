import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  ControlledField,
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from '@terrace/design-system';
import { versionPickerOptions } from '@terrace/domain';
import { useApiClient } from '@terrace/session';
import { stacksQueries, type IacType } from '@terrace/stacks/data-access';
import type { EffectiveSetting } from './effective-settings';
import type { StackFormValues } from './stack-form';

const NONE = 'none';

/**
 * The engine version: the namespace's (or the default), LATEST, the newest of a line, or one
 * version, stable or pre-release. Radix's own select, for its labelled groups of versions: the
 * engine step loads it apart (stack-wizard-steps.tsx).
 */
export function StackVersionField({ iacType, inherited }: { iacType: IacType; inherited: EffectiveSetting<string> }) {
  const { t } = useLingui();
  const client = useApiClient();
  const versions = useQuery(stacksQueries.versions(client, iacType));
  const options = versionPickerOptions(versions.data ?? []);
  return (
    <ControlledField<StackFormValues, 'version'>
      name="version"
      label={t`Version`}
      help={inherited.value ? t`From namespace: ${inherited.value}` : t`Empty uses the namespace's or organization's default.`}
    >
      {(field) => (
        <Select value={field.value || NONE} onValueChange={(value) => field.onChange(value === NONE ? '' : value)}>
          <SelectTrigger ref={field.ref}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NONE}>{inherited.value ? t`From namespace (${inherited.value})` : t`Default`}</SelectItem>
            <SelectItem value={options.latest}>{t`Latest (LATEST)`}</SelectItem>
            {options.caret.length > 0 && (
              <SelectGroup>
                <SelectLabel>{t`Newest of a line`}</SelectLabel>
                {options.caret.map((v) => (
                  <SelectItem key={v} value={v}>
                    {v}
                  </SelectItem>
                ))}
              </SelectGroup>
            )}
            <SelectGroup>
              <SelectLabel>{t`Stable`}</SelectLabel>
              {options.stable.map((v) => (
                <SelectItem key={v} value={v}>
                  {v}
                </SelectItem>
              ))}
            </SelectGroup>
            {options.preRelease.length > 0 && (
              <SelectGroup>
                <SelectLabel>{t`Pre-release`}</SelectLabel>
                {options.preRelease.map((v) => (
                  <SelectItem key={v} value={v}>
                    {v}
                  </SelectItem>
                ))}
              </SelectGroup>
            )}
          </SelectContent>
        </Select>
      )}
    </ControlledField>
  );
}

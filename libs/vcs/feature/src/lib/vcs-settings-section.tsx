import { useLingui } from '@lingui/react/macro';
import { EditButton, Stack } from '@terrace/design-system';
import type { SettingsSectionProps } from '@terrace/session';
import { Plus } from 'lucide-react';

/** The Vcs section of the organization settings. */
export function VcsSettingsSection(access: SettingsSectionProps) {
  const { t } = useLingui();
  return (
    <Stack gap={4}>
      <div>
        <EditButton access={access}>
          <Plus aria-hidden />
          {t`Add`}
        </EditButton>
      </div>
    </Stack>
  );
}

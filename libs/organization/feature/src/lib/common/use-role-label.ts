import { useLingui } from '@lingui/react/macro';
import { roleLabel } from '@terrace/domain';
import { useCallback } from 'react';

/** The display name of a role: the custom role's name, else the label of the key (see roleLabel). */
export function useRoleLabel(): (role: string, customRoleName?: string | null) => string {
  const { i18n } = useLingui();
  return useCallback(
    (role: string, customRoleName?: string | null) => customRoleName || i18n._(roleLabel(role)),
    [i18n],
  );
}

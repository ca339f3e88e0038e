import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';

/** The display name of an organization role key; namespace-only and unknown keys show as they are. */
export function useRoleLabel(): (role: string, customRoleName?: string | null) => string {
  const { t } = useLingui();
  return useCallback(
    (role: string, customRoleName?: string | null) => {
      if (customRoleName) return customRoleName;
      switch (role) {
        case 'admin':
          return t`Admin`;
        case 'viewer':
          return t`Viewer`;
        case 'member':
          return t`Member`;
        case 'deployer':
          return t`Deployer`;
        case 'runner':
          return t`Runner`;
        case 'nsOnly':
          return t`Namespace only`;
        default:
          return role;
      }
    },
    [t],
  );
}

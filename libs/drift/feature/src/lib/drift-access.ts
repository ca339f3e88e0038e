import type { EditAccess } from '@terrace/design-system';
import { useAccess, type AccessState } from '@terrace/session';

const toEditAccess = (state: AccessState): EditAccess =>
  state.allowed
    ? { canEdit: true, readOnlyReason: '' }
    : { canEdit: false, readOnlyReason: state.reason };

/**
 * Who may start drift detection and remediation in a stack's namespace: the permissions the
 * contract names (driftDetection:start; deployment:start for a remediation), with the translated
 * reason when not, so the buttons stay visible and disabled.
 */
export function useDriftAccess(namespaceId: string | undefined): {
  detect: EditAccess;
  remediate: EditAccess;
} {
  const target = namespaceId ? { namespaceId } : {};
  return {
    detect: toEditAccess(useAccess({ permission: 'driftDetection:start', ...target })),
    remediate: toEditAccess(useAccess({ permission: 'deployment:start', ...target })),
  };
}

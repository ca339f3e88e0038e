export const iacStates = [
  'managed',
  'managedDocumented',
  'unmanaged',
  'unmanagedDocumented',
  'notAvailable',
  'notRelevant',
  'pendingCalculation',
] as const;
export type IacState = (typeof iacStates)[number];

export interface ResourceIacInput {
  iacState?: IacState | null;
  isDeleted?: boolean;
  /** Any non-empty object means the resource is backed up by disaster recovery. */
  disasterRecoveryProperties?: object | null;
}

function hasDisasterRecovery(properties: object | null | undefined): boolean {
  return properties != null && Object.keys(properties).length > 0;
}

/** The state the console shows for a resource, derived from the stored state and its context. */
export function resolveIacState(resource: ResourceIacInput): IacState {
  const state = resource.iacState;
  if (!state) return resource.isDeleted ? 'notAvailable' : 'pendingCalculation';
  if (hasDisasterRecovery(resource.disasterRecoveryProperties)) {
    if (state === 'managed') return 'managedDocumented';
    if (state === 'unmanaged') return 'unmanagedDocumented';
  }
  return state;
}

/** Remediation (import into code) is offered only for resources no stack manages. */
export function isRemediable(state: IacState): boolean {
  return state === 'unmanaged' || state === 'unmanagedDocumented';
}

import type { Message } from './message';

export const driftStates = [
  'inSync',
  'inSyncRefreshRequired',
  'inSyncDeployRequired',
  'drifted',
  'notChecked',
  'unknown',
  'deployRequired',
] as const;
export type DriftState = (typeof driftStates)[number];

/** deployRequired covers code-only changes (creation, deletion, modification, replacement). */
export const driftKinds = [
  'deleted',
  'modified',
  'modifiedForcesReplacement',
  'deployRequired',
] as const;
export type DriftKind = (typeof driftKinds)[number];

export const stackErrorStates = [
  'ok',
  'driftDetectionFailed',
  'initializationFailed',
  'blueprintInitializationFailed',
  'stackPassedItsTTL',
] as const;
export type StackErrorState = (typeof stackErrorStates)[number];

export const stackErrorMessages = {
  driftDetectionFailed: /*i18n*/ {
    id: 'stack.error.driftDetectionFailed',
    message: 'Drift Detection Failed',
  },
  initializationFailed: /*i18n*/ {
    id: 'stack.error.initializationFailed',
    message: 'Initialization Failed',
  },
  blueprintInitializationFailed: /*i18n*/ {
    id: 'stack.error.blueprintInitializationFailed',
    message: 'Initialization Failed (Persistent Template)',
  },
  stackPassedItsTTL: /*i18n*/ {
    id: 'stack.error.stackPassedItsTTL',
    message: "Stack Passed it's TTL",
  },
  unknownInitializationError: /*i18n*/ {
    id: 'stack.error.unknownInitializationError',
    message: 'Stack failed to initialize with unknown error',
  },
} as const satisfies Record<string, Message>;

/** The label of a stack's error state; `ok` has none. */
export function stackErrorLabel(state: StackErrorState): Message | undefined {
  return state === 'ok' ? undefined : stackErrorMessages[state];
}

export const stackInitResults = [
  'succeeded',
  'failed',
  'inProgress',
  'unknown',
  'merged',
  'waitingForPrApproval',
] as const;
export type StackInitResult = (typeof stackInitResults)[number];

export const suggestedStackStates = [
  'pendingCalculation',
  'calculating',
  'suggestedStackReady',
  'suggestedStackCodeReady',
  'suggestedStackImported',
] as const;
export type SuggestedStackState = (typeof suggestedStackStates)[number];
export const suggestedStackReadyLabel: Message = /*i18n*/ {
  id: 'suggestedStack.ready',
  message: 'Ready To Import',
};

export const importStates = [
  'queued',
  'inProgress',
  'waitingForApproval',
  'approvalTimeout',
  'success',
  'canceled',
  'cancelling',
  'error',
  'initializingEnvironment',
  'validatingEnvironment',
  'importingResources',
  'planning',
] as const;
export type ImportState = (typeof importStates)[number];

const finalImportStates: ReadonlySet<ImportState> = new Set<ImportState>([
  'approvalTimeout',
  'success',
  'canceled',
  'error',
]);
/** Pollers stop once an import reaches one of these states. */
export function isImportFinished(state: ImportState): boolean {
  return finalImportStates.has(state);
}

export const discoveryStates = ['init', 'inProgress', 'error', 'finished'] as const;
export type DiscoveryState = (typeof discoveryStates)[number];

export const moduleVersionReadiness = [
  'ready',
  'notReady',
  'readyNotCompleted',
  'readyNoResourcesInModulePath',
] as const;
export type ModuleVersionReadiness = (typeof moduleVersionReadiness)[number];

export const moduleVersionMessages = {
  notReady: /*i18n*/ {
    id: 'module.version.notReady',
    message: 'Version is not ready yet for Terraform usage',
  },
  invalidated: /*i18n*/ {
    id: 'module.version.invalidated',
    message: 'Version is invalidated and cannot be used in your Terraform code',
  },
} as const satisfies Record<string, Message>;

/**
 * Why a module version cannot be used, or undefined when it can. The two "ready..." variants are
 * usable: their analysis is incomplete or found no resources, but Terraform can consume them.
 */
export function moduleVersionProblem(version: {
  readiness: ModuleVersionReadiness;
  isInvalidated?: boolean;
}): Message | undefined {
  if (version.isInvalidated) return moduleVersionMessages.invalidated;
  if (version.readiness === 'notReady') return moduleVersionMessages.notReady;
  return undefined;
}

import type { Message } from './message';
import { isAdminOrViewer, isNamespaceOnlyRole } from './organization';
import { isRunFinished, type RunKind, type RunStatus } from './run-status';

export type AiFeatureState = 'setupInProgress' | 'needsConsent' | 'available';

export interface AiFeaturesInput {
  /** False until the organization's AI agent has been provisioned. */
  provisioned: boolean;
  enabled: boolean;
  consented: boolean;
}

export function aiFeatureState(input: AiFeaturesInput): AiFeatureState {
  if (!input.provisioned) return 'setupInProgress';
  if (!input.enabled || !input.consented) return 'needsConsent';
  return 'available';
}

export const aiFeatureMessages = {
  loading: /*i18n*/ { id: 'ai.features.loading', message: 'Loading AI features...' },
  setupInProgress: /*i18n*/ {
    id: 'ai.features.setupInProgress',
    message: 'The AI assistant is being setup and will be available shortly.',
  },
  enableLink: /*i18n*/ {
    id: 'ai.features.enableLink',
    message: 'Click here to enable AI features',
  },
  contactAdministrator: /*i18n*/ {
    id: 'ai.features.contactAdministrator',
    message:
      'AI features are not enabled for this organization. Please contact your administrator.',
  },
  notEnabled: /*i18n*/ {
    id: 'ai.features.notEnabled',
    message: 'AI features are not enabled for this organization.',
  },
  afterPlan: /*i18n*/ { id: 'ai.features.afterPlan', message: 'Available after plan finishes' },
  afterTask: /*i18n*/ { id: 'ai.features.afterTask', message: 'Available after task finishes' },
  afterDeployment: /*i18n*/ {
    id: 'ai.features.afterDeployment',
    message: 'Available after deployment finishes',
  },
} as const satisfies Record<string, Message>;

export interface AiFeatureNotice {
  message: Message;
  /** Admins and viewers get a link to the AI features settings section instead of a dead end. */
  linkToSettings: boolean;
}

/** What the console shows instead of the AI controls; undefined when they are available. */
export function aiFeatureNotice(state: AiFeatureState, role: string): AiFeatureNotice | undefined {
  if (state === 'available') return undefined;
  if (state === 'setupInProgress')
    return { message: aiFeatureMessages.setupInProgress, linkToSettings: false };
  if (isAdminOrViewer(role)) return { message: aiFeatureMessages.enableLink, linkToSettings: true };
  return { message: aiFeatureMessages.contactAdministrator, linkToSettings: false };
}

/** The assistant is hidden from namespace-only users. */
export function isAiAssistantVisible(role: string): boolean {
  return !isNamespaceOnlyRole(role);
}

/**
 * Whether a run can be analysed. A deployment waiting for approval counts as finished: its plan is
 * complete, and that is when an analysis helps the approver.
 */
export function countsAsFinishedForAi(run: { kind: RunKind; status: RunStatus }): boolean {
  if (run.kind === 'deployment' && run.status === 'waitingForApproval') return true;
  return isRunFinished(run.status);
}

/** The tooltip of a disabled analysis button on a run that is still going. */
export function aiUnavailableUntilFinished(kind: RunKind): Message {
  if (kind === 'plan') return aiFeatureMessages.afterPlan;
  if (kind === 'task') return aiFeatureMessages.afterTask;
  return aiFeatureMessages.afterDeployment;
}

import { renderMessage, withValues, type Message } from './message';
import type { RunKind } from './run-status';

/** Run output sent to the model is cut to this many characters, keeping the end where errors are. */
export const AI_OUTPUT_LIMIT = 40_000;
export const AI_FAILED_POLICIES_SHOWN = 3;
const ELLIPSIS = '...';

export const aiPromptMessages = {
  morePolicies: /*i18n*/ { id: 'ai.prompt.morePolicies', message: 'and {count} more' },
  securityScanFailed: /*i18n*/ {
    id: 'ai.prompt.securityScanFailed',
    message: 'Security scan failed: {status}',
  },
  lintingFailed: /*i18n*/ { id: 'ai.prompt.lintingFailed', message: 'Linting failed: {status}' },
  notesRequired: /*i18n*/ {
    id: 'ai.analysis.notesRequired',
    message: 'Please describe the analysis you need in the notes',
  },
  errorAnalysisUnavailable: /*i18n*/ {
    id: 'ai.analysis.errorAnalysisUnavailable',
    message: 'Error analysis is offered only when the run has errors',
  },
} as const satisfies Record<string, Message>;

/** Keeps the last characters of long output; the result, ellipsis included, is at most `limit` long. */
export function truncateAiOutput(text: string, limit = AI_OUTPUT_LIMIT): string {
  if (text.length <= limit) return text;
  return ELLIPSIS + text.slice(text.length - (limit - ELLIPSIS.length));
}

export interface FailedPolicyList {
  shown: string[];
  /** 'and {count} more' when more than three failed. */
  more?: Message;
}

export function listFailedPolicies(names: readonly string[]): FailedPolicyList {
  const shown = names.slice(0, AI_FAILED_POLICIES_SHOWN);
  const rest = names.length - shown.length;
  return rest > 0
    ? { shown, more: withValues(aiPromptMessages.morePolicies, { count: rest }) }
    : { shown };
}

/** The English line put into the prompt, e.g. 'a, b, c and 2 more'. */
export function failedPoliciesText(names: readonly string[]): string {
  const { shown, more } = listFailedPolicies(names);
  return more ? `${shown.join(', ')} ${renderMessage(more)}` : shown.join(', ');
}

/** Reported in prompts only when a scan did not succeed. */
export function scanFailureLine(scan: 'security' | 'lint', status: string): Message | undefined {
  if (status === 'succeeded') return undefined;
  return withValues(
    scan === 'security' ? aiPromptMessages.securityScanFailed : aiPromptMessages.lintingFailed,
    { status },
  );
}

export const aiAnalysisKinds = [
  'summary',
  'code-review',
  'security-compliance',
  'error-analysis',
  'other',
] as const;
export type AiAnalysisKind = (typeof aiAnalysisKinds)[number];

export function aiAnalysisKindsFor(run: { hasErrors: boolean }): AiAnalysisKind[] {
  return aiAnalysisKinds.filter((kind) => kind !== 'error-analysis' || run.hasErrors);
}

/** The prompt names every run as one of three nouns; destroys and external runs are deployments. */
export type AiRunNoun = 'plan' | 'deployment' | 'task';
export function aiRunNoun(kind: RunKind): AiRunNoun {
  if (kind === 'plan' || kind === 'task') return kind;
  return 'deployment';
}

export interface AiAnalysisRequest {
  kind: AiAnalysisKind;
  runKind: RunKind;
  notes?: string;
  hasErrors: boolean;
}

export function validateAnalysisRequest(request: AiAnalysisRequest): Message | undefined {
  if (request.kind === 'other' && !request.notes?.trim()) return aiPromptMessages.notesRequired;
  if (request.kind === 'error-analysis' && !request.hasErrors)
    return aiPromptMessages.errorAnalysisUnavailable;
  return undefined;
}

/** The request text is for the model, so it is always English; notes follow on their own paragraph. */
export function buildAnalysisRequest(request: Omit<AiAnalysisRequest, 'hasErrors'>): string {
  const head = `Please perform ${request.kind} for the following ${aiRunNoun(request.runKind)}`;
  const notes = request.notes?.trim();
  return notes ? `${head}\n\n${notes}` : head;
}

import { withValues, type Message } from './message';

export const NEGATIVE_FEEDBACK_MAX_LENGTH = 1000;
/** Accepted besides arn:aws: so tests and demos can use ARNs that point at no real account. */
export const TEST_ARN_PREFIX = 'arn:test:';

export const inputMessages = {
  arnPrefix: /*i18n*/ { id: 'validation.arn.prefix', message: 'ARN must start with arn:aws:' },
  json: /*i18n*/ { id: 'validation.json', message: 'Please enter valid JSON' },
  email: /*i18n*/ { id: 'validation.email', message: 'Please enter a valid email address' },
  chooseOrganization: /*i18n*/ {
    id: 'validation.organization.required',
    message: 'Please choose organization',
  },
  feedbackReason: /*i18n*/ { id: 'validation.feedback.reason', message: 'Please choose a reason' },
  feedbackLength: /*i18n*/ {
    id: 'validation.feedback.length',
    message: 'Feedback must be at most {max} characters',
  },
} as const satisfies Record<string, Message>;

export function validateArnPrefix(arn: string): Message | undefined {
  const value = arn.trim().toLowerCase();
  return value.startsWith('arn:aws:') || value.startsWith(TEST_ARN_PREFIX)
    ? undefined
    : inputMessages.arnPrefix;
}

export function validateJson(text: string): Message | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch {
    return inputMessages.json;
  }
}

// Deliberately general: one @, no spaces, a dot in the domain. The mail server is the real check.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
export function validateEmail(email: string): Message | undefined {
  return EMAIL.test(email.trim()) ? undefined : inputMessages.email;
}

export function validateOrganizationChoice(
  organizationId: string | null | undefined,
): Message | undefined {
  return organizationId ? undefined : inputMessages.chooseOrganization;
}

/** Empty or whitespace-only text is never sent, nor anything while an answer is loading. */
export function canSendChatMessage(text: string, isLoading = false): boolean {
  return !isLoading && text.trim() !== '';
}

/** Every problem of the negative-feedback dialog at once, so the form can mark both fields. */
export function validateNegativeFeedback(feedback: {
  reason?: string | null;
  text?: string | null;
}): Message[] {
  const problems: Message[] = [];
  if (!feedback.reason) problems.push(inputMessages.feedbackReason);
  if ((feedback.text ?? '').length > NEGATIVE_FEEDBACK_MAX_LENGTH) {
    problems.push(withValues(inputMessages.feedbackLength, { max: NEGATIVE_FEEDBACK_MAX_LENGTH }));
  }
  return problems;
}

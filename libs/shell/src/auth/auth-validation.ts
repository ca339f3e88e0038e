import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { validateEmail } from '@terrace/domain';

// The spec leaves password rules open; these match what the API enforces on sign-up, invite
// acceptance and reset, so the form answers before the server has to.
export const passwordMinLength = 8;

export const authMessages = {
  emailRequired: msg`Enter your e-mail address`,
  passwordRequired: msg`Enter your password`,
  passwordTooShort: msg`Use at least 8 characters`,
  passwordNeedsVariety: msg`Use letters and at least one number`,
  passwordsDiffer: msg`The passwords do not match`,
  firstNameRequired: msg`Enter your first name`,
  lastNameRequired: msg`Enter your last name`,
  organizationRequired: msg`Enter your organization's name`,
  codeInvalid: msg`Enter the 6-digit code from your authenticator app`,
} satisfies Record<string, MessageDescriptor>;

export function passwordProblem(value: string): MessageDescriptor | null {
  if (!value) return authMessages.passwordRequired;
  if (value.length < passwordMinLength) return authMessages.passwordTooShort;
  if (!/[A-Za-z]/.test(value) || !/\d/.test(value)) return authMessages.passwordNeedsVariety;
  return null;
}

/** Required, then the general address pattern of @terrace/domain (spec §5). */
export function emailProblem(value: string): MessageDescriptor | null {
  if (!value.trim()) return authMessages.emailRequired;
  return validateEmail(value) ?? null;
}

/** The message of a failed call, for showing inside a form (the client has already toasted it). */
export function errorText(error: unknown): string | null {
  if (error instanceof Error && error.message) return error.message;
  return null;
}

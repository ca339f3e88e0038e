import { withValues, type Message } from './message';

/** Phrases the user types to confirm a destructive action. They are typed literally, never translated. */
export const confirmationPhrases = {
  delete: 'delete me',
  deleteStackOpenCleanupPr: 'delete stack and open cleanup PR',
  moveStacks: 'move stacks',
  deleteResources: 'delete resources',
  deleteResourcesAndStack: 'delete resources and stack',
  deleteResourcesAndStackOpenCleanupPr: 'delete resources and stack, open cleanup PR',
  deleteUser: 'delete user',
  revokeToken: 'revoke me',
  disableMfa: 'disable 2FA',
} as const;
export type ConfirmationPhrase = (typeof confirmationPhrases)[keyof typeof confirmationPhrases];

export const confirmationPrompt: Message = /*i18n*/ {
  id: 'confirmation.prompt',
  message: 'Type {phrase} to confirm',
};

export function confirmationPromptFor(phrase: ConfirmationPhrase): Message {
  return withValues(confirmationPrompt, { phrase });
}

/**
 * Case-sensitive on purpose (the phrase must be typed, not guessed); surrounding spaces are
 * forgiven because they are invisible in the field.
 */
export function matchesConfirmation(phrase: ConfirmationPhrase, input: string): boolean {
  return input.trim() === phrase;
}

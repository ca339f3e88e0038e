import { describe, expect, it } from 'vitest';
import {
  confirmationPhrases,
  confirmationPromptFor,
  matchesConfirmation,
  type ConfirmationPhrase,
} from './confirmations';
import { renderMessage } from './message';

describe('matchesConfirmation', () => {
  it.each<[ConfirmationPhrase, string, boolean]>([
    [confirmationPhrases.delete, 'delete me', true],
    [confirmationPhrases.delete, '  delete me ', true],
    [confirmationPhrases.delete, 'Delete me', false],
    [confirmationPhrases.delete, 'delete  me', false],
    [confirmationPhrases.delete, 'delete', false],
    [confirmationPhrases.delete, '', false],
    [confirmationPhrases.deleteUser, 'delete user', true],
    [confirmationPhrases.revokeToken, 'revoke me', true],
    [confirmationPhrases.disableMfa, 'disable 2FA', true],
    [confirmationPhrases.disableMfa, 'disable 2fa', false],
    [confirmationPhrases.moveStacks, 'move stacks', true],
    [confirmationPhrases.deleteResources, 'delete resources', true],
    [confirmationPhrases.deleteResourcesAndStack, 'delete resources', false],
    [
      confirmationPhrases.deleteResourcesAndStackOpenCleanupPr,
      'delete resources and stack, open cleanup PR',
      true,
    ],
    [confirmationPhrases.deleteStackOpenCleanupPr, 'delete stack and open cleanup PR', true],
  ])('%j typed as %j → %s', (phrase, input, expected) => {
    expect(matchesConfirmation(phrase, input)).toBe(expected);
  });

  it('prompts with the phrase', () => {
    expect(renderMessage(confirmationPromptFor('revoke me'))).toBe('Type revoke me to confirm');
  });
});

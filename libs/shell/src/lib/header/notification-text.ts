import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Splits the notification text at its [LINK] marker, where the link is placed. */
export function splitAtLinkMarker(text: string): [string, string] | null {
  const index = text.indexOf('[LINK]');
  if (index < 0) return null;
  return [text.slice(0, index), text.slice(index + '[LINK]'.length)];
}

/**
 * The product news the API's feed ships with (apps/api notifications-feed), in the catalog: the
 * feed is written in English and ships with the release, so the console translates what it knows.
 * An item added on the server without an entry here shows in English, marked as such, and the
 * route walk in Chinese and Japanese reports it.
 */
const newsTexts: Record<string, MessageDescriptor> = {
  Namespaces: msg({ message: 'Namespaces', context: 'product news title' }),
  'Group stacks in namespaces and set their defaults once. [LINK]': msg({
    message: 'Group stacks in namespaces and set their defaults once. [LINK]',
    context: 'product news',
  }),
  'Read about namespaces': msg({ message: 'Read about namespaces', context: 'product news link' }),
  'Welcome to Terrace': msg({ message: 'Welcome to Terrace', context: 'product news title' }),
  'Manage Terraform, Terragrunt and OpenTofu stacks across your cloud accounts. [LINK]': msg({
    message: 'Manage Terraform, Terragrunt and OpenTofu stacks across your cloud accounts. [LINK]',
    context: 'product news',
  }),
  'Open the documentation': msg({ message: 'Open the documentation', context: 'product news link' }),
};

/** A feed text in the active language when the catalog knows it; `english` says it is shown as sent. */
export function translateNewsText(text: string, i18n: I18n): { text: string; english: boolean } {
  const descriptor = newsTexts[text];
  return descriptor ? { text: i18n._(descriptor), english: false } : { text, english: true };
}

import type { Actor } from '../../permissions/actor';
import type { PermissionEngine } from '../../permissions/permission-engine';

export interface FeedNotification {
  title: string;
  text: string;
  linkText: string | null;
  linkUrl: string | null;
  date: string;
}

/**
 * Product news ships with the release that introduces it, so the feed is part of the build
 * rather than a table: every replica answers the same list.
 */
export const productNews: readonly FeedNotification[] = [
  {
    title: 'Namespaces',
    text: 'Group stacks in namespaces and set their defaults once. [LINK]',
    linkText: 'Read about namespaces',
    linkUrl: '/app/namespaces',
    date: '2026-11-20T00:00:00.000Z',
  },
  {
    title: 'Welcome to Terrace',
    text: 'Manage Terraform, Terragrunt and OpenTofu stacks across your cloud accounts. [LINK]',
    linkText: 'Open the documentation',
    linkUrl: '/app/docsFallback',
    date: '2026-11-01T00:00:00.000Z',
  },
];

export async function listFeed(deps: { engine: PermissionEngine }, actor: Actor): Promise<FeedNotification[]> {
  await deps.engine.require(actor, 'authenticated');
  return [...productNews].sort((a, b) => b.date.localeCompare(a.date));
}

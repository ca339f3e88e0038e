import { msg } from '@lingui/core/macro';
import type { PageHeading } from '@terrace/session';

/** The namespace list's header, drawn by the app layout before the page's module has loaded. */
export const namespaceListHeading = {
  title: msg`Namespaces`,
  description: msg`Namespaces group stacks and hold the defaults their stacks inherit: IaC versions, runners, approvals and capabilities.`,
} satisfies PageHeading;

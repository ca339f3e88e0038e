import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { StackDiscoveryMode } from '@terrace/discovery/data-access';

/** What a scan does with a directory no stack manages yet. */
export const discoveryModeLabels: Record<StackDiscoveryMode, { label: MessageDescriptor; help: MessageDescriptor }> = {
  create: { label: msg`Create stacks`, help: msg`Each new folder with infrastructure code becomes a stack at once.` },
  propose: { label: msg`Propose stacks`, help: msg`New folders are listed as proposed stacks; you accept (create) or dismiss each one.` },
};

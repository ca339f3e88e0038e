import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DeployRequiredKind, DriftKind } from '@terrace/drift/data-access';
import type { BadgeTone } from './drift-labels';

// A drifted resource's kind of drift: only the stack page's drift tab shows them.

export const driftKindLabels: Record<DriftKind, MessageDescriptor> = {
  deleted: msg`Deleted`,
  modified: msg`Modified`,
  modifiedForcesReplacement: msg`Modified, forces replacement`,
  deployRequired: msg`Deploy required`,
};

export const driftKindTones: Record<DriftKind, BadgeTone> = {
  deleted: 'danger',
  modified: 'warning',
  modifiedForcesReplacement: 'danger',
  deployRequired: 'primary',
};

/** What a deployment would do to a resource whose code changed (drift kind deployRequired). */
export const deployRequiredKindLabels: Record<DeployRequiredKind, MessageDescriptor> = {
  creation: msg`Creation`,
  deletion: msg`Deletion`,
  modification: msg`Modification`,
  modificationForcesReplacement: msg`Modification forcing replacement`,
};

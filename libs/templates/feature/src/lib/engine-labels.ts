import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { IacType } from '@terrace/stacks/data-access';

/** The engines' names, for the details page and the wizards' engine select (the list names its own). */
export const engineLabels: Record<IacType, MessageDescriptor> = {
  terraform: msg`Terraform`,
  terragrunt: msg`Terragrunt`,
  opentofu: msg`OpenTofu`,
};

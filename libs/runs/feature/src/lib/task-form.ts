import { msg } from '@lingui/core/macro';
import { zImportResourcesTask, zRefreshMode, zReleaseStateLockTask, zResourceAddressesTask, zTaskToExecute } from '@terrace/api-client/schemas';
import { domainRule, trimmed, type FieldMessages } from '@terrace/design-system';
import { taskTypes, validateResourceAddress, validateResourceAddresses, type TaskType } from '@terrace/domain';
import type { TaskToExecute } from '@terrace/runs/data-access';
import { z } from 'zod/mini';

/** Addresses typed one per line (or separated by commas), blanks dropped. */
export function addressList(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((address) => address.trim())
    .filter(Boolean);
}

const addresses = z.pipe(
  z.pipe(z.string(), z.transform(addressList)),
  zResourceAddressesTask.shape.resourcesAddresses.check(domainRule(validateResourceAddresses)),
);

// What each task type checks of the form, with the contract's rules (a lock id, at least one
// address or resource, a refresh mode) and the domain's resource address syntax.
const variants = {
  releaseStateLock: z.object({ lockId: trimmed(zReleaseStateLockTask.shape.lockId.check(z.minLength(1))) }),
  taintResources: z.object({ addresses }),
  untaintResources: z.object({ addresses }),
  removeResources: z.object({ addresses }),
  importResources: z.object({
    imports: z.pipe(
      z.array(z.object({ resourceAddress: trimmed().check(domainRule(validateResourceAddress)), importId: z.string().check(z.trim(), z.minLength(1)) })),
      zImportResourcesTask.shape.resources,
    ),
  }),
  refreshState: z.object({ mode: zRefreshMode }),
} satisfies Record<TaskType, z.ZodMiniType>;

/**
 * The run-task form: one set of fields for every task type (switching type keeps what was typed);
 * only the chosen type's fields are checked, and the values become the contract's TaskToExecute.
 */
const taskFields = z
  .object({
    taskType: z.enum(taskTypes),
    lockId: z.string(),
    addresses: z.string(),
    imports: z.array(z.object({ resourceAddress: z.string(), importId: z.string() })),
    mode: zRefreshMode,
  })
  .check(
    z.superRefine((values, ctx) => {
      for (const issue of variants[values.taskType].safeParse(values).error?.issues ?? []) {
        ctx.addIssue(issue as Parameters<typeof ctx.addIssue>[0]);
      }
    }),
  );
export const taskFormSchema = z.pipe(
  taskFields,
  z.transform((values: z.output<typeof taskFields>): TaskToExecute => {
    switch (values.taskType) {
      case 'releaseStateLock':
        return zTaskToExecute.parse({ taskType: values.taskType, lockId: values.lockId.trim() });
      case 'taintResources':
      case 'untaintResources':
      case 'removeResources':
        return zTaskToExecute.parse({ taskType: values.taskType, resourcesAddresses: addressList(values.addresses) });
      case 'importResources':
        return zTaskToExecute.parse({
          taskType: values.taskType,
          resources: values.imports.map((r) => ({ resourceAddress: r.resourceAddress.trim(), importId: r.importId.trim() })),
        });
      case 'refreshState':
        return zTaskToExecute.parse({ taskType: values.taskType, mode: values.mode });
    }
  }),
);

export type TaskFormValues = z.input<typeof taskFormSchema>;

export const taskFormDefaults: TaskFormValues = {
  taskType: 'releaseStateLock',
  lockId: '',
  addresses: '',
  imports: [{ resourceAddress: '', importId: '' }],
  mode: 'Plan',
};

export const taskFieldMessages: FieldMessages = {
  lockId: { required: msg`Enter the ID of the lock to release (the “ID” of the lock error).` },
  addresses: { required: msg`Enter at least one resource address.` },
  imports: { required: msg`Add at least one resource to import.` },
};

/** The server names fields of the wire body; the form's own paths differ for these. */
export const taskServerFields: Record<string, string> = {
  'entity.taskToExecute.lockId': 'lockId',
  'entity.taskToExecute.resourcesAddresses': 'addresses',
  'entity.taskToExecute.resources': 'imports',
  'entity.taskToExecute.mode': 'mode',
};

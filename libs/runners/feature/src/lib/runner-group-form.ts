import { msg } from '@lingui/core/macro';
import { zRunnerGroupInput } from '@terrace/api-client/schemas';
import { trimmed, type FieldMessages } from '@terrace/design-system';
import type { RunnerGroup } from '@terrace/runners/data-access';
import { z } from 'zod/mini';

const wire = zRunnerGroupInput.shape;

/** A group's name and concurrency limit; the limits and the name's pattern come from the contract. */
export const runnerGroupFormSchema = z.object({
  name: trimmed(wire.name),
  // Typed as text; an empty field is "required", anything else must be a whole number in the contract's range.
  maxConcurrency: z.pipe(z.pipe(z.string().check(z.trim(), z.minLength(1)), z.transform(Number)), wire.maxConcurrency),
});
export type RunnerGroupFormValues = z.input<typeof runnerGroupFormSchema>;
export type RunnerGroupFormOutput = z.output<typeof runnerGroupFormSchema>;

export const runnerGroupFieldMessages: FieldMessages = {
  name: {
    required: msg`Enter a name for the runner group.`,
    invalid_format: msg`Start with a letter or digit; then use letters, digits, spaces, dots, dashes and underscores.`,
  },
  maxConcurrency: { required: msg`Enter how many jobs the group may run at once.` },
};

export const emptyRunnerGroupForm = (): RunnerGroupFormValues => ({ name: '', maxConcurrency: '2' });

export const runnerGroupToForm = (group: RunnerGroup): RunnerGroupFormValues => ({ name: group.name, maxConcurrency: String(group.maxConcurrency) });


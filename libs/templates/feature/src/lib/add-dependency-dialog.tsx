import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { zDependencyReference, zDependencyTriggerOption, zStackDependencyInput } from '@terrace/api-client/schemas';
import {
  Button,
  Checkbox,
  ControlledField,
  FormDialog,
  Input,
  Label,
  SelectField,
  Stack,
  toast,
  trimmed,
  useContractForm,
  useFieldArray,
  useFormContext,
  useWatch,
} from '@terrace/design-system';
import { useApiClient } from '@terrace/session';
import { stacksQueries, stackStateQueries, type Stack as StackModel } from '@terrace/stacks/data-access';
import { useCreateDependencyMutation } from '@terrace/templates/data-access';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { z } from 'zod/mini';
import { triggerLabels } from './template-labels';

const referenceRow = z.object({
  outputOfStackToDependOn: z.pipe(trimmed(zDependencyReference.shape.outputOfStackToDependOn), z.string().check(z.minLength(1))),
  inputForStack: z.string().check(z.trim(), z.regex(/^[A-Za-z_][A-Za-z0-9_-]*$/)),
  includeSensitiveOutput: z.boolean(),
});
export const dependencyFormSchema = z.object({
  dependsOnStackId: zStackDependencyInput.shape.dependsOnStackId,
  triggerOption: zDependencyTriggerOption,
  references: z.array(referenceRow),
});
export type DependencyFormValues = z.input<typeof dependencyFormSchema>;
const initial: DependencyFormValues = { dependsOnStackId: '', triggerOption: 'always', references: [] };

/** Makes the stack depend on another: the outputs it takes as inputs, and when a change upstream runs it. */
export function AddDependencyDialog({ stack, open, onOpenChange, exclude }: { stack: StackModel; open: boolean; onOpenChange: (open: boolean) => void; exclude: readonly string[] }) {
  const { t } = useLingui();
  const create = useCreateDependencyMutation();
  const form = useContractForm({
    schema: dependencyFormSchema,
    defaultValues: initial,
    messages: {
      dependsOnStackId: { required: msg`Choose the stack this one depends on.`, invalid_format: msg`Choose the stack this one depends on.` },
    },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Add dependency`}
      description={t`${stack.name} will run after the stack it depends on, with the outputs you reference as its inputs.`}
      submitLabel={t`Add dependency`}
      size="lg"
      form={form}
      values={initial}
      onValid={async (values) => {
        await create.mutateAsync({ stackId: stack.id, ...values });
        toast.success(t`Dependency added.`);
      }}
    >
      <DependencyFields stack={stack} exclude={exclude} />
    </FormDialog>
  );
}

function DependencyFields({ stack, exclude }: { stack: StackModel; exclude: readonly string[] }) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const [search, setSearch] = useState('');
  const searchId = useId();
  const stacks = useQuery(stacksQueries.list(client, { page: 1, pageSize: 50, ...(search.trim() ? { name: search.trim() } : {}) }));
  const { control } = useFormContext<DependencyFormValues>();
  const upstreamId = useWatch<DependencyFormValues, 'dependsOnStackId'>({ name: 'dependsOnStackId' });
  const outputs = useQuery({ ...stackStateQueries.outputs(client, upstreamId), enabled: upstreamId !== '' });
  const references = useFieldArray({ control, name: 'references' });
  const options = (stacks.data?.items ?? []).filter((item) => item.id !== stack.id && !exclude.includes(item.id));
  return (
    <Stack gap={4}>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={searchId}>{t`Find a stack`}</Label>
        <Input id={searchId} value={search} onChange={(event) => setSearch(event.target.value)} placeholder={t`Part of its name`} />
      </div>
      <SelectField<DependencyFormValues, 'dependsOnStackId'>
        name="dependsOnStackId"
        label={t`Depends on`}
        required
        placeholder={stacks.isPending ? t`Loading stacks…` : t`Choose a stack`}
        options={options.map((item) => ({ value: item.id, label: item.name }))}
      />
      <SelectField<DependencyFormValues, 'triggerOption'>
        name="triggerOption"
        label={t`Trigger`}
        required
        help={t`When the upstream stack is deployed, run this one always, or only when a referenced output changed.`}
        options={[
          { value: 'always', label: i18n._(triggerLabels.always) },
          { value: 'onReferenceValueChange', label: i18n._(triggerLabels.onReferenceValueChange) },
        ]}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">{t`Output references`}</legend>
        {references.fields.map((reference, index) => (
          <div key={reference.id} className="grid grid-cols-[1fr_1fr_auto_auto] items-start gap-2">
            <SelectField<DependencyFormValues, `references.${number}.outputOfStackToDependOn`>
              name={`references.${index}.outputOfStackToDependOn`}
              label={t`Output`}
              required
              disabled={!upstreamId}
              placeholder={t`Choose an output`}
              options={(outputs.data ?? []).map((output) => ({ value: output.name, label: output.name }))}
            />
            <ControlledField<DependencyFormValues, `references.${number}.inputForStack`> name={`references.${index}.inputForStack`} label={t`Input variable`} required>
              {(field) => <Input {...field} dir="ltr" />}
            </ControlledField>
            <ControlledField<DependencyFormValues, `references.${number}.includeSensitiveOutput`> name={`references.${index}.includeSensitiveOutput`} label={t`Sensitive`}>
              {(field) => (
                <Checkbox
                  ref={field.ref}
                  aria-label={t`Include sensitive output`}
                  checked={field.value}
                  onCheckedChange={(on) => field.onChange(on === true)}
                  className="mt-2"
                />
              )}
            </ControlledField>
            <Button variant="ghost" size="icon" className="mt-6" aria-label={t`Remove reference`} onClick={() => references.remove(index)}>
              <Trash2 aria-hidden />
            </Button>
          </div>
        ))}
        <div>
          <Button variant="outline" size="sm" onClick={() => references.append({ outputOfStackToDependOn: '', inputForStack: '', includeSensitiveOutput: false })}>
            <Plus aria-hidden />
            {t`Add output reference`}
          </Button>
        </div>
      </fieldset>
    </Stack>
  );
}

import { useLingui } from '@lingui/react/macro';
import {
  Button,
  ControlledField,
  FormDialog,
  Input,
  Label,
  RadioGroup,
  RadioGroupItem,
  SelectField,
  Textarea,
  useContractForm,
  useFieldArray,
  useFormState,
  useWatch,
} from '@terrace/design-system';
import { taskTypes, type TaskType } from '@terrace/domain';
import type { TaskToExecute } from '@terrace/runs/data-access';
import { taskTypeLabels } from '@terrace/runs/ui';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { taskFieldMessages, taskFormDefaults, taskFormSchema, taskServerFields, type TaskFormValues } from './task-form';

export interface RunTaskDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  stackName: string;
  /** Starts the task; rejects when the server refuses (a field it names is marked). */
  onRun: (task: TaskToExecute) => Promise<unknown>;
}

/** Runs a task on the stack: release a state lock, taint, untaint or remove resources, import resources, refresh the state. */
export function RunTaskDialog({ open, onOpenChange, stackName, onRun }: RunTaskDialogProps) {
  const { t, i18n } = useLingui();
  const form = useContractForm({ schema: taskFormSchema, defaultValues: taskFormDefaults, messages: taskFieldMessages });
  const taskType = useWatch({ control: form.control, name: 'taskType' });
  const help: Record<TaskType, string> = {
    releaseStateLock: t`Frees the state after a run that ended without unlocking it. Use the lock ID from the lock error.`,
    taintResources: t`Marks resources to be replaced by the next deployment.`,
    untaintResources: t`Clears the replace mark of tainted resources.`,
    removeResources: t`Forgets resources in the state without destroying them.`,
    importResources: t`Brings existing cloud resources under the stack’s code.`,
    refreshState: t`Reads the real resources and updates the state to match.`,
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Run a task on ${stackName}`}
      description={help[taskType]}
      submitLabel={t`Run task`}
      form={form}
      values={taskFormDefaults}
      serverFields={taskServerFields}
      onValid={onRun}
      size="lg"
    >
      <SelectField<TaskFormValues, 'taskType'>
        name="taskType"
        label={t`Task`}
        required
        options={taskTypes.map((type) => ({ value: type, label: i18n._(taskTypeLabels[type]) }))}
      />
      {taskType === 'releaseStateLock' && (
        <ControlledField<TaskFormValues, 'lockId'> name="lockId" label={t`Lock ID`} required>
          {(field) => <Input {...field} autoComplete="off" spellCheck={false} dir="ltr" />}
        </ControlledField>
      )}
      {(taskType === 'taintResources' || taskType === 'untaintResources' || taskType === 'removeResources') && (
        <ControlledField<TaskFormValues, 'addresses'>
          name="addresses"
          label={t`Resource addresses`}
          help={t`One per line, as in the plan: aws_instance.web, module.app.aws_s3_bucket.logs[0].`}
          required
        >
          {(field) => <Textarea {...field} rows={4} spellCheck={false} dir="ltr" className="font-mono" />}
        </ControlledField>
      )}
      {taskType === 'importResources' && <ImportRows />}
      {taskType === 'refreshState' && (
        <ControlledField<TaskFormValues, 'mode'> name="mode" label={t`Mode`} required>
          {(field) => (
            <RadioGroup value={field.value} onValueChange={field.onChange} ref={field.ref}>
              <div className="flex items-center gap-2">
                <RadioGroupItem value="Plan" id="refresh-plan" />
                <Label htmlFor="refresh-plan" className="font-normal">{t`Plan: show what changed outside the code`}</Label>
              </div>
              <div className="flex items-center gap-2">
                <RadioGroupItem value="Apply" id="refresh-apply" />
                <Label htmlFor="refresh-apply" className="font-normal">{t`Apply: save the refreshed state`}</Label>
              </div>
            </RadioGroup>
          )}
        </ControlledField>
      )}
    </FormDialog>
  );
}

/** The resources to import: an address in the code and the cloud's id for each. */
function ImportRows() {
  const { t } = useLingui();
  const { fields, append, remove } = useFieldArray<TaskFormValues, 'imports'>({ name: 'imports' });
  const errorId = useId();
  // The list's own problem (none given); each row's fields show their own.
  const { errors } = useFormState<TaskFormValues>({ name: 'imports' });
  const listError = (errors.imports as { message?: unknown } | undefined)?.message;
  const error = typeof listError === 'string' ? listError : undefined;
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">{t`Resources to import`}</legend>
      {fields.map((row, index) => {
        const position = index + 1;
        return (
          <div key={row.id} className="grid items-start gap-2 sm:grid-cols-[1fr_1fr_auto]">
            <ControlledField<TaskFormValues, `imports.${number}.resourceAddress`> name={`imports.${index}.resourceAddress`} label={t`Address ${position}`} required>
              {(field) => <Input {...field} placeholder="aws_s3_bucket.logs" spellCheck={false} dir="ltr" className="font-mono" />}
            </ControlledField>
            <ControlledField<TaskFormValues, `imports.${number}.importId`> name={`imports.${index}.importId`} label={t`Cloud id ${position}`} required>
              {(field) => <Input {...field} spellCheck={false} dir="ltr" className="font-mono" />}
            </ControlledField>
            <Button type="button" variant="ghost" size="icon" className="sm:mt-6" aria-label={t`Remove resource ${position}`} onClick={() => remove(index)} disabled={fields.length === 1}>
              <Trash2 aria-hidden />
            </Button>
          </div>
        );
      })}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger-subtle-foreground">
          {error}
        </p>
      )}
      <div>
        <Button type="button" variant="outline" size="sm" onClick={() => append({ resourceAddress: '', importId: '' })}>
          <Plus aria-hidden />
          {t`Add a resource`}
        </Button>
      </div>
    </fieldset>
  );
}

import { useLingui } from '@lingui/react/macro';
import { zTtl } from '@terrace/api-client/schemas';
import {
  ControlledField,
  FormDialog,
  Input,
  domainRule,
  SelectField,
  toast,
  trimmed,
  useContractForm,
} from '@terrace/design-system';
import { ttlTypes, validateTtl } from '@terrace/domain';
import { useExtendStackTtlMutation, type Stack } from '@terrace/stacks/data-access';
import { z } from 'zod/mini';
import { ttlTypeLabels } from './stack-labels';

/** The extension: a whole number of hours or days, 1–100,000 (the contract's Ttl and §5's rule). */
const ttlFields = z.object({ value: trimmed(), type: zTtl.shape.type }).check(domainRule((ttl) => validateTtl(ttl), { path: ['value'] }));
export const extendTtlSchema = z.pipe(
  ttlFields,
  z.transform((ttl: z.output<typeof ttlFields>) => zTtl.parse({ type: ttl.type, value: Number(ttl.value) })),
);
type ExtendTtlValues = z.input<typeof extendTtlSchema>;
const initial: ExtendTtlValues = { value: '1', type: 'days' };

export interface ExtendTtlDialogProps {
  stack: Stack | null;
  onClose: () => void;
}

export function ExtendTtlDialog({ stack, onClose }: ExtendTtlDialogProps) {
  const { t, i18n } = useLingui();
  const extend = useExtendStackTtlMutation();
  const form = useContractForm({ schema: extendTtlSchema, defaultValues: initial });
  return (
    <FormDialog
      open={stack !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Extend time to live`}
      description={t`The stack is destroyed when its time to live ends. The extension counts from now.`}
      submitLabel={t`Extend`}
      form={form}
      values={initial}
      serverFields={{ 'entity.ttl.value': 'value', 'entity.ttl.type': 'type' }}
      onValid={async (ttl) => {
        if (!stack) return;
        await extend.mutateAsync({ stackId: stack.id, ttl });
        toast.success(t`Time to live extended.`);
      }}
    >
      <ControlledField<ExtendTtlValues, 'value'> name="value" label={t`Extend by`} required>
        {(field) => <Input {...field} inputMode="numeric" />}
      </ControlledField>
      <SelectField<ExtendTtlValues, 'type'>
        name="type"
        label={t`Unit`}
        required
        options={ttlTypes.map((type) => ({ value: type, label: i18n._(ttlTypeLabels[type]) }))}
      />
    </FormDialog>
  );
}

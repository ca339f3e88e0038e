import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { zProgrammaticUserInput } from '@terrace/api-client/schemas';
import {
  ControlledField,
  FormDialog,
  Input,
  trimmed,
  useContractForm,
  type FieldMessages,
} from '@terrace/design-system';
import type { ProgrammaticUserInput } from '@terrace/organization/data-access';
import { z } from 'zod/mini';
import { RoleSelect } from '../common/role-select';

// Names appear in audit entries and namespace permissions: the contract keeps them simple identifiers.
const user = zProgrammaticUserInput.shape;
export const programmaticUserFormSchema = z.object({
  name: trimmed(user.name),
  role: user.role,
});
type ProgrammaticUserValues = z.input<typeof programmaticUserFormSchema>;
const userMessages: FieldMessages = {
  name: {
    required: msg`Enter a name.`,
    invalid_format: msg`Use letters, digits, spaces, dots, dashes and underscores, starting with a letter or digit (at most 128).`,
  },
};

export interface ProgrammaticUserDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Rejects when the server refuses; the dialog stays open with what was typed. */
  onCreate: (input: ProgrammaticUserInput) => Promise<unknown>;
}

/** Creates a programmatic user with an organization role. */
export function ProgrammaticUserDialog({
  open,
  onOpenChange,
  onCreate,
}: ProgrammaticUserDialogProps) {
  const { t } = useLingui();
  const form = useContractForm({
    schema: programmaticUserFormSchema,
    defaultValues: { name: '', role: 'deployer' },
    messages: userMessages,
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Create a programmatic user`}
      submitLabel={t`Create`}
      form={form}
      values={{ name: '', role: 'deployer' }}
      onValid={onCreate}
    >
      <ControlledField<ProgrammaticUserValues, 'name'> name="name" label={t`Name`} required>
        {(field) => <Input {...field} />}
      </ControlledField>
      <ControlledField<ProgrammaticUserValues, 'role'> name="role" label={t`Role`} required>
        {(field) => <RoleSelect value={field.value} onValueChange={field.onChange} />}
      </ControlledField>
    </FormDialog>
  );
}

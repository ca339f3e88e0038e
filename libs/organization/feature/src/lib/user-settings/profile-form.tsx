import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  Button,
  Card,
  CardBody,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  ControlledField,
  Form,
  FormField,
  Grid,
  Input,
  lazySchema,
  useContractForm,
  type FieldMessages,
} from '@terrace/design-system';
import type { ProfileInput } from '@terrace/organization/data-access';
import { useId } from 'react';

// The form shows with the page; its checks load once the user acts (lazySchema).
const profileFormSchema = lazySchema(() => import('./profile-form.schema').then((m) => m.profileFormSchema));
const messages: FieldMessages = {
  firstName: { required: msg`Enter your first name.` },
  lastName: { required: msg`Enter your last name.` },
};

export interface ProfileFormProps {
  initial: ProfileInput;
  email: string;
  /** Rejects when the server refuses; the form keeps what was typed. */
  onSave: (input: ProfileInput) => Promise<unknown>;
}

export function ProfileForm({ initial, email, onSave }: ProfileFormProps) {
  const { t } = useLingui();
  const form = useContractForm({ schema: profileFormSchema, defaultValues: initial, messages });
  const titleId = useId();

  return (
    <Card>
      <Form form={form} onSubmit={async (values) => void (await onSave(values))} aria-labelledby={titleId}>
        <CardHeader>
          <div>
            <CardTitle id={titleId} level={2}>{t`Profile`}</CardTitle>
            <CardDescription>{t`Your name as other members of the organization see it.`}</CardDescription>
          </div>
        </CardHeader>
        <CardBody>
          <Grid columns={2} gap={4}>
            <ControlledField<ProfileInput, 'firstName'> name="firstName" label={t`First name`} required>
              {(field) => <Input autoComplete="given-name" {...field} />}
            </ControlledField>
            <ControlledField<ProfileInput, 'lastName'> name="lastName" label={t`Last name`} required>
              {(field) => <Input autoComplete="family-name" {...field} />}
            </ControlledField>
            <FormField label={t`E-mail address`} help={t`Your e-mail address is your sign-in name and cannot be changed here.`}>
              <Input value={email} readOnly />
            </FormField>
          </Grid>
        </CardBody>
        <CardFooter>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t`Save profile`}
          </Button>
        </CardFooter>
      </Form>
    </Card>
  );
}

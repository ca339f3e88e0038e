import { useLingui } from '@lingui/react/macro';
import { Button, Card, CardBody, CardDescription, CardFooter, CardHeader, CardTitle, FormField, Grid, Input } from '@terrace/design-system';
import type { ProfileInput } from '@terrace/organization/data-access';
import { useId, useState, type FormEvent } from 'react';

export interface ProfileFormProps {
  initial: ProfileInput;
  email: string;
  /** Rejects when the server refuses; the form keeps what was typed. */
  onSave: (input: ProfileInput) => Promise<unknown>;
}

/** The contract's PersonName: 1 to 100 characters. */
const MAX = 100;

export function ProfileForm({ initial, email, onSave }: ProfileFormProps) {
  const { t } = useLingui();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof ProfileInput, string>>>({});
  const [pending, setPending] = useState(false);
  const titleId = useId();

  const validate = (input: ProfileInput) => {
    const next: Partial<Record<keyof ProfileInput, string>> = {};
    if (input.firstName.trim() === '') next.firstName = t`Enter your first name.`;
    else if (input.firstName.trim().length > MAX) next.firstName = t`The first name can be at most ${MAX} characters.`;
    if (input.lastName.trim() === '') next.lastName = t`Enter your last name.`;
    else if (input.lastName.trim().length > MAX) next.lastName = t`The last name can be at most ${MAX} characters.`;
    return next;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validate(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setPending(true);
    try {
      await onSave({ firstName: values.firstName.trim(), lastName: values.lastName.trim() });
    } catch {
      // The client has shown the reason; what was typed stays in the form.
    } finally {
      setPending(false);
    }
  };

  return (
    <Card>
      <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={titleId}>
        <CardHeader>
          <div>
            <CardTitle id={titleId} level={2}>{t`Profile`}</CardTitle>
            <CardDescription>{t`Your name as other members of the organization see it.`}</CardDescription>
          </div>
        </CardHeader>
        <CardBody>
          <Grid columns={2} gap={4}>
            <FormField label={t`First name`} required error={errors.firstName}>
              <Input autoComplete="given-name" value={values.firstName} onChange={(e) => setValues({ ...values, firstName: e.target.value })} />
            </FormField>
            <FormField label={t`Last name`} required error={errors.lastName}>
              <Input autoComplete="family-name" value={values.lastName} onChange={(e) => setValues({ ...values, lastName: e.target.value })} />
            </FormField>
            <FormField label={t`E-mail address`} help={t`Your e-mail address is your sign-in name and cannot be changed here.`}>
              <Input value={email} readOnly />
            </FormField>
          </Grid>
        </CardBody>
        <CardFooter>
          <Button type="submit" loading={pending}>
            {t`Save profile`}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

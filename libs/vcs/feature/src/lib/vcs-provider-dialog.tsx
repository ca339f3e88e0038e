import { useLingui } from '@lingui/react/macro';
import {
  Button,
  type Control,
  ControlledField,
  FormDialog,
  Input,
  Label,
  RadioGroup,
  RadioGroupItem,
  SelectField,
  Stack,
  Textarea,
  useContractForm,
  useController,
  useWatch,
} from '@terrace/design-system';
import {
  useValidateVcsConnectionMutation,
  vcsTypes,
  type ConnectionValidation,
  type VcsProvider,
  type VcsType,
} from '@terrace/vcs/data-access';
import { useId, useState } from 'react';
import { repoNameFormats, vcsAuthTypeLabels, vcsTypeLabels } from './vcs-labels';
import {
  authTypesOf,
  emptyProviderValues,
  fieldsOf,
  formToProviderInput,
  providerToValues,
  vcsProviderFieldMessages,
  vcsProviderFormSchema,
  type VcsProviderFormOutput,
  type VcsProviderFormValues,
} from './vcs-provider-form';

export interface VcsProviderDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The provider to edit; null to connect a new one. */
  provider: VcsProvider | null;
  /** Rejects when the server refuses; the dialog stays open with what was typed. */
  onSave: (values: VcsProviderFormOutput) => Promise<unknown>;
}

// The server's field paths on the form's own names.
const serverFields: Record<string, string> = {
  'entity.githubMetadata.orgName': 'orgName',
  'entity.githubMetadata.httpUrl': 'httpUrl',
  'entity.gitlabMetadata.dnsName': 'dnsName',
  'entity.bitbucketDataCenterMetadata.httpUrl': 'httpUrl',
  'entity.azureDevopsMetadata.httpUrl': 'httpUrl',
  'entity.credentials.token': 'token',
  'entity.credentials.username': 'username',
  'entity.credentials.password': 'password',
  'entity.credentials.appId': 'appId',
  'entity.credentials.installationId': 'installationId',
  'entity.credentials.privateKey': 'privateKey',
  'entity.credentials.sshPrivateKey': 'sshPrivateKey',
  'entity.sshKnownHosts': 'sshKnownHosts',
};

const createSchema = vcsProviderFormSchema('create');
const editSchema = vcsProviderFormSchema('edit');

/** Connects a VCS provider, or changes one: its type picks the fields; secrets are write-only. */
export function VcsProviderDialog({ open, onOpenChange, provider, onSave }: VcsProviderDialogProps) {
  const { t } = useLingui();
  const editing = provider !== null;
  const initial = provider ? providerToValues(provider) : emptyProviderValues();
  const form = useContractForm({
    schema: editing ? editSchema : createSchema,
    defaultValues: initial,
    messages: vcsProviderFieldMessages,
  });
  const validate = useValidateVcsConnectionMutation();
  const [verdict, setVerdict] = useState<ConnectionValidation | null>(null);
  const type = useWatch({ control: form.control, name: 'type' });
  const authType = useWatch({ control: form.control, name: 'authType' });
  const gitCloneType = useWatch({ control: form.control, name: 'gitCloneType' });
  const fields = fieldsOf(type, authType);
  const keepHelp = editing ? t`Leave empty to keep the stored value; it is never shown again.` : undefined;

  const testConnection = () =>
    form.handleSubmit(async (values) => {
      setVerdict(null);
      setVerdict(await validate.mutateAsync(formToProviderInput(values)));
    })();

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setVerdict(null);
        onOpenChange(next);
      }}
      title={editing ? t`Edit ${provider.name}` : t`Connect a VCS provider`}
      description={t`Terrace reads repositories and receives pull request events through this connection.`}
      submitLabel={editing ? t`Save` : t`Connect`}
      size="lg"
      form={form}
      values={initial}
      serverFields={serverFields}
      onValid={onSave}
    >
      <TypePicker disabled={editing} control={form.control} onChange={() => setVerdict(null)} />
      <ControlledField<VcsProviderFormValues, 'name'> name="name" label={t`Name`} required help={t`How stacks and templates refer to this connection.`}>
        {(field) => <Input {...field} />}
      </ControlledField>
      {authTypesOf[type].length > 1 && (
        <SelectField<VcsProviderFormValues, 'authType'>
          name="authType"
          label={t`Authentication`}
          required
          options={authTypesOf[type].map((option) => ({ value: option, label: t(vcsAuthTypeLabels[option]) }))}
        />
      )}
      {fields.orgName && (
        <ControlledField<VcsProviderFormValues, 'orgName'> name="orgName" label={t`GitHub organization`} required={!editing}>
          {(field) => <Input {...field} disabled={editing} />}
        </ControlledField>
      )}
      {fields.httpUrl && (
        <ControlledField<VcsProviderFormValues, 'httpUrl'>
          name="httpUrl"
          label={type.startsWith('azure-devops') ? t`Organization URL` : t`Server URL`}
          required={!editing}
          help={t`For example https://git.example.com`}
        >
          {(field) => <Input {...field} type="url" disabled={editing} dir="ltr" />}
        </ControlledField>
      )}
      {fields.dnsName && (
        <ControlledField<VcsProviderFormValues, 'dnsName'> name="dnsName" label={t`GitLab host name`} required={!editing} help={t`For example gitlab.example.com`}>
          {(field) => <Input {...field} disabled={editing} dir="ltr" />}
        </ControlledField>
      )}
      {fields.app && (
        <>
          <ControlledField<VcsProviderFormValues, 'appId'> name="appId" label={t`App id`} required={!editing} help={keepHelp}>
            {(field) => <Input {...field} autoComplete="off" />}
          </ControlledField>
          <ControlledField<VcsProviderFormValues, 'installationId'> name="installationId" label={t`Installation id`} required={!editing} help={keepHelp}>
            {(field) => <Input {...field} autoComplete="off" />}
          </ControlledField>
          <ControlledField<VcsProviderFormValues, 'privateKey'> name="privateKey" label={t`App private key`} required={!editing} help={keepHelp}>
            {(field) => <Textarea {...field} rows={4} autoComplete="off" spellCheck={false} className="font-mono text-xs" dir="ltr" />}
          </ControlledField>
        </>
      )}
      {fields.username && (
        <ControlledField<VcsProviderFormValues, 'username'> name="username" label={t`User name`} required={!editing} help={keepHelp}>
          {(field) => <Input {...field} autoComplete="off" />}
        </ControlledField>
      )}
      {fields.password && (
        <ControlledField<VcsProviderFormValues, 'password'>
          name="password"
          label={type === 'bitbucket-cloud' ? t`App password` : t`Password`}
          required={!editing}
          help={keepHelp}
        >
          {(field) => <Input {...field} type="password" autoComplete="new-password" />}
        </ControlledField>
      )}
      {fields.token && (
        <ControlledField<VcsProviderFormValues, 'token'>
          name="token"
          label={type.startsWith('azure-devops') ? t`Personal access token` : t`Access token`}
          required={!editing}
          help={keepHelp}
        >
          {(field) => <Input {...field} type="password" autoComplete="new-password" />}
        </ControlledField>
      )}
      <CloneTypePicker control={form.control} />
      {gitCloneType === 'ssh' && (
        <ControlledField<VcsProviderFormValues, 'sshPrivateKey'> name="sshPrivateKey" label={t`SSH private key for cloning`} required={!editing} help={keepHelp}>
          {(field) => <Textarea {...field} rows={4} autoComplete="off" spellCheck={false} className="font-mono text-xs" dir="ltr" />}
        </ControlledField>
      )}
      {gitCloneType === 'ssh' && (
        <ControlledField<VcsProviderFormValues, 'sshKnownHosts'>
          name="sshKnownHosts"
          label={t`SSH known hosts`}
          help={t`The server's host keys, as ssh-keyscan prints them. Only known keys are trusted; those of GitHub, GitLab, Bitbucket and Azure DevOps are built in.`}
        >
          {(field) => <Textarea {...field} rows={3} autoComplete="off" spellCheck={false} className="font-mono text-xs" dir="ltr" />}
        </ControlledField>
      )}
      <p className="text-sm text-muted-foreground">{t`Repository names look like ${repoNameFormats[type]}.`}</p>
      <Stack gap={2}>
        <div>
          <Button type="button" variant="outline" onClick={() => void testConnection()} disabled={validate.isPending}>
            {validate.isPending ? t`Testing connection…` : t`Test connection`}
          </Button>
        </div>
        {editing && <p className="text-sm text-muted-foreground">{t`The test uses what is typed here: enter the secrets again to test them.`}</p>}
        <div role="status" aria-live="polite">
          {verdict &&
            (verdict.isValid ? (
              <p className="text-sm text-success-subtle-foreground">{t`The connection works.`}</p>
            ) : (
              <p className="text-sm text-danger-subtle-foreground">
                {verdict.message ? t`The host refused the connection: ${verdict.message}` : t`The host refused the connection.`}
              </p>
            ))}
        </div>
      </Stack>
    </FormDialog>
  );
}

function TypePicker({ disabled, control, onChange }: { disabled: boolean; control: Control<VcsProviderFormValues>; onChange: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const type = useController({ control, name: 'type' });
  const authType = useController({ control, name: 'authType' });
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">{t`Provider type`}</legend>
      <RadioGroup
        value={type.field.value}
        disabled={disabled}
        className="grid grid-cols-1 gap-2 sm:grid-cols-3"
        onValueChange={(value) => {
          type.field.onChange(value);
          authType.field.onChange(authTypesOf[value as VcsType][0] ?? '');
          onChange();
        }}
      >
        {vcsTypes.map((option) => {
          const { label, icon: Icon } = vcsTypeLabels[option];
          return (
            <div key={option} className="flex items-center gap-2 rounded-md border border-border p-2">
              <RadioGroupItem id={`${id}-${option}`} value={option} />
              <Icon aria-hidden className="size-4 shrink-0" />
              <Label htmlFor={`${id}-${option}`} className="font-normal">
                {t(label)}
              </Label>
            </div>
          );
        })}
      </RadioGroup>
    </fieldset>
  );
}

function CloneTypePicker({ control }: { control: Control<VcsProviderFormValues> }) {
  const { t } = useLingui();
  const id = useId();
  const clone = useController({ control, name: 'gitCloneType' });
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">{t`Clone repositories over`}</legend>
      <RadioGroup value={clone.field.value} onValueChange={clone.field.onChange} className="flex gap-4">
        <div className="flex items-center gap-2">
          <RadioGroupItem id={`${id}-http`} value="http" />
          <Label htmlFor={`${id}-http`} className="font-normal">{t`HTTPS`}</Label>
        </div>
        <div className="flex items-center gap-2">
          <RadioGroupItem id={`${id}-ssh`} value="ssh" />
          <Label htmlFor={`${id}-ssh`} className="font-normal">{t`SSH`}</Label>
        </div>
      </RadioGroup>
    </fieldset>
  );
}

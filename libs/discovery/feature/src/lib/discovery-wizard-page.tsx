import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  ControlledField,
  FormWizardEntity,
  FormWizardPage,
  Input,
  Label,
  RadioGroup,
  RadioGroupItem,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Stack,
  Switch,
  Textarea,
  toast,
  useContractForm,
  useController,
  useFieldArray,
  useFormContext,
  useWatch,
} from '@terrace/design-system';
import { discoveryQueries, useCreateDiscoveryMutation, useUpdateDiscoveryMutation, type StackDiscoveryConfiguration } from '@terrace/discovery/data-access';
import { namespacesQueries } from '@terrace/namespaces/data-access';
import { useApiClient } from '@terrace/session';
import { vcsQueries } from '@terrace/vcs/data-access';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  discoveryFieldMessages,
  discoveryFormSchema,
  discoveryToForm,
  discoveryWizardSteps,
  emptyDiscoveryForm,
  emptyPattern,
  formToDiscoveryInput,
  type DiscoveryFormOutput,
  type DiscoveryFormValues,
} from './discovery-form';
import { discoveryModeLabels } from './discovery-labels';
import { discoveryPaths } from './discovery-paths';

/** /createStackDiscoveryWizard */
export function CreateDiscoveryWizardPage() {
  const { t } = useLingui();
  const create = useCreateDiscoveryMutation();
  const navigate = useNavigate();
  return (
    <DiscoveryWizard
      title={t`Create stack discovery`}
      submitLabel={t`Create and scan`}
      initial={emptyDiscoveryForm()}
      onSubmit={async (values) => {
        const created = await create.mutateAsync(formToDiscoveryInput(values));
        toast.success(t`Stack discovery ${created.name} created.`);
        void navigate(discoveryPaths.details(created.id));
      }}
      onCancel={() => void navigate(discoveryPaths.list())}
    />
  );
}

/** /editStackDiscoveryWizard/:stackDiscoveryConfigurationId */
export function EditDiscoveryWizardPage() {
  const { t } = useLingui();
  const { stackDiscoveryConfigurationId: id = '' } = useParams();
  const client = useApiClient();
  const config = useQuery(discoveryQueries.detail(client, id));
  return (
    <FormWizardEntity query={config} title={t`Edit stack discovery`}>
      {(data) => <EditDiscoveryWizard config={data} />}
    </FormWizardEntity>
  );
}

function EditDiscoveryWizard({ config }: { config: StackDiscoveryConfiguration }) {
  const { t } = useLingui();
  const update = useUpdateDiscoveryMutation();
  const navigate = useNavigate();
  return (
    <DiscoveryWizard
      title={t`Edit stack discovery ${config.name}`}
      submitLabel={t`Save`}
      initial={discoveryToForm(config)}
      config={config}
      onSubmit={async (values) => {
        const updated = await update.mutateAsync({ id: config.id, input: formToDiscoveryInput(values) });
        toast.success(t`Stack discovery ${updated.name} saved.`);
        void navigate(discoveryPaths.details(updated.id));
      }}
      onCancel={() => void navigate(discoveryPaths.details(config.id))}
    />
  );
}

interface DiscoveryWizardProps {
  title: string;
  submitLabel: string;
  initial: DiscoveryFormValues;
  config?: StackDiscoveryConfiguration;
  onSubmit: (values: DiscoveryFormOutput) => Promise<void>;
  onCancel: () => void;
}

function DiscoveryWizard({ title, submitLabel, initial, config, onSubmit, onCancel }: DiscoveryWizardProps) {
  const { t } = useLingui();
  const form = useContractForm({ schema: discoveryFormSchema, defaultValues: initial, messages: discoveryFieldMessages });
  return (
    <FormWizardPage
      title={title}
      trail={[
        <Link key="list" to={discoveryPaths.list()}>{t`Stack discovery`}</Link>,
        config && <Link key="config" to={discoveryPaths.details(config.id)}>{config.name}</Link>,
      ]}
      current={config ? t`Edit` : t`Create`}
      form={form}
      steps={discoveryWizardSteps}
      content={{
        general: { title: t`Name`, content: <GeneralStep /> },
        patterns: { title: t`Repositories and paths`, content: <PatternsStep /> },
        stackConfig: { title: t`Stack configuration`, content: <StackConfigStep /> },
      }}
      submitLabel={submitLabel}
      onSubmit={onSubmit}
      onCancel={onCancel}
    />
  );
}

function GeneralStep() {
  const { t } = useLingui();
  const client = useApiClient();
  const namespaces = useQuery(namespacesQueries.list(client, { page: 1, pageSize: 1000 }));
  return (
    <Stack gap={4} className="max-w-xl">
      <ControlledField<DiscoveryFormValues, 'name'> name="name" label={t`Name`} required>
        {(field) => <Input {...field} />}
      </ControlledField>
      <ControlledField<DiscoveryFormValues, 'description'> name="description" label={t`Description`}>
        {(field) => <Textarea rows={3} {...field} />}
      </ControlledField>
      <ControlledField<DiscoveryFormValues, 'namespaceId'> name="namespaceId" label={t`Namespace`} required help={t`The stacks it creates go into this namespace.`}>
        {(field) => (
          <Select value={field.value || undefined} onValueChange={field.onChange}>
            <SelectTrigger ref={field.ref}>
              <SelectValue placeholder={namespaces.isPending ? t`Loading namespaces…` : t`Choose a namespace`} />
            </SelectTrigger>
            <SelectContent>
              {(namespaces.data?.items ?? []).map((namespace) => (
                <SelectItem key={namespace.id} value={namespace.id}>
                  {namespace.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </ControlledField>
    </Stack>
  );
}

function PatternsStep() {
  const { t } = useLingui();
  const { control } = useFormContext<DiscoveryFormValues>();
  const patterns = useFieldArray({ control, name: 'vcsPatterns' });
  return (
    <Stack gap={4} className="max-w-2xl">
      {patterns.fields.map((pattern, index) => (
        <fieldset key={pattern.id} className="flex flex-col gap-3 rounded-md border border-border p-4">
          <legend className="px-1 text-sm font-medium">{t`Repository ${index + 1}`}</legend>
          <PatternFields index={index} />
          {patterns.fields.length > 1 && (
            <div>
              <Button variant="ghost" size="sm" onClick={() => patterns.remove(index)}>
                <Trash2 aria-hidden />
                {t`Remove repository`}
              </Button>
            </div>
          )}
        </fieldset>
      ))}
      <div>
        <Button variant="outline" onClick={() => patterns.append(emptyPattern())}>
          <Plus aria-hidden />
          {t`Add repository`}
        </Button>
      </div>
    </Stack>
  );
}

function PatternFields({ index }: { index: number }) {
  const { t } = useLingui();
  const client = useApiClient();
  const { setValue } = useFormContext<DiscoveryFormValues>();
  const providerId = useWatch<DiscoveryFormValues, `vcsPatterns.${number}.providerId`>({ name: `vcsPatterns.${index}.providerId` });
  const providers = useQuery(vcsQueries.providers(client));
  const repos = useQuery(vcsQueries.repos(client, providerId));
  return (
    <>
      <ControlledField<DiscoveryFormValues, `vcsPatterns.${number}.providerId`> name={`vcsPatterns.${index}.providerId`} label={t`VCS provider`} required>
        {(field) => (
          <Select
            value={field.value || undefined}
            onValueChange={(value) => {
              field.onChange(value);
              setValue(`vcsPatterns.${index}.repoName`, '');
            }}
          >
            <SelectTrigger ref={field.ref}>
              <SelectValue placeholder={t`Choose a provider`} />
            </SelectTrigger>
            <SelectContent>
              {(providers.data ?? []).map((provider) => (
                <SelectItem key={provider.id} value={provider.id}>
                  {provider.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </ControlledField>
      <ControlledField<DiscoveryFormValues, `vcsPatterns.${number}.repoName`> name={`vcsPatterns.${index}.repoName`} label={t`Repository`} required>
        {(field) => (
          <Select value={field.value || undefined} onValueChange={field.onChange} disabled={!providerId}>
            <SelectTrigger ref={field.ref}>
              <SelectValue placeholder={t`Choose a repository`} />
            </SelectTrigger>
            <SelectContent>
              {(repos.data?.items ?? []).map((repo) => (
                <SelectItem key={repo.name} value={repo.name}>
                  {repo.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </ControlledField>
      <ControlledField<DiscoveryFormValues, `vcsPatterns.${number}.branch`> name={`vcsPatterns.${index}.branch`} label={t`Branch`} help={t`Empty: the repository's default branch.`}>
        {(field) => <Input {...field} dir="ltr" />}
      </ControlledField>
      <ControlledField<DiscoveryFormValues, `vcsPatterns.${number}.pathPatterns`>
        name={`vcsPatterns.${index}.pathPatterns`}
        label={t`Path patterns`}
        required
        help={t`Comma-separated; each starts with */ or **/, contains /*/ or /**/, or ends with /**, e.g. envs/*/**.`}
      >
        {(field) => <Input {...field} dir="ltr" />}
      </ControlledField>
      <ControlledField<DiscoveryFormValues, `vcsPatterns.${number}.excludePathPatterns`>
        name={`vcsPatterns.${index}.excludePathPatterns`}
        label={t`Exclude patterns`}
        help={t`Comma-separated folders to skip, e.g. envs/legacy/**.`}
      >
        {(field) => <Input {...field} dir="ltr" />}
      </ControlledField>
    </>
  );
}

const engines = [
  ['terraform', 'Terraform'],
  ['opentofu', 'OpenTofu'],
  ['terragrunt', 'Terragrunt'],
] as const;

function StackConfigStep() {
  const { t, i18n } = useLingui();
  const id = useId();
  const { control } = useFormContext<DiscoveryFormValues>();
  const mode = useController({ control, name: 'mode' });
  return (
    <Stack gap={4} className="max-w-xl">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">{t`When a scan finds a new folder`}</legend>
        <RadioGroup value={mode.field.value} onValueChange={(value) => mode.field.onChange(value)}>
          {(['create', 'propose'] as const).map((value) => (
            <div key={value} className="flex items-start gap-3">
              <RadioGroupItem id={`${id}-${value}`} value={value} aria-describedby={`${id}-${value}-help`} className="mt-0.5" />
              <div className="flex flex-col">
                <Label htmlFor={`${id}-${value}`}>{i18n._(discoveryModeLabels[value].label)}</Label>
                <span id={`${id}-${value}-help`} className="text-sm text-muted-foreground">
                  {i18n._(discoveryModeLabels[value].help)}
                </span>
              </div>
            </div>
          ))}
        </RadioGroup>
      </fieldset>
      <ControlledField<DiscoveryFormValues, 'stackConfig.iacType'> name="stackConfig.iacType" label={t`Engine`} required>
        {(field) => (
          <Select value={field.value} onValueChange={field.onChange}>
            <SelectTrigger ref={field.ref}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {engines.map(([value, label]) => (
                <SelectItem key={value} value={value}>
                  {label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </ControlledField>
      <ControlledField<DiscoveryFormValues, 'stackConfig.iacVersion'> name="stackConfig.iacVersion" label={t`Version`} help={t`An exact version such as 1.8.5, or latest; empty uses the namespace's.`}>
        {(field) => <Input {...field} dir="ltr" />}
      </ControlledField>
      <ControlledField<DiscoveryFormValues, 'stackConfig.deployOnPush'> name="stackConfig.deployOnPush" label={t`Deploy on push`}>
        {(field) => (
          <div className="flex items-center gap-2">
            <Switch id={`${id}-push`} ref={field.ref} checked={field.value} onCheckedChange={field.onChange} />
            <Label htmlFor={`${id}-push`}>{t`Deploy the discovered stacks when their folder changes`}</Label>
          </div>
        )}
      </ControlledField>
    </Stack>
  );
}

import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  ControlledField,
  FormWizardPage,
  Input,
  lazySchema,
  SelectField,
  Skeleton,
  Stack,
  Textarea,
  toast,
  useContractForm,
  useOnFirstInput,
} from '@terrace/design-system';
import { useCreateDiscoveryMutation, type StackDiscoveryConfiguration } from '@terrace/discovery/data-access';
import { namespacesQueries } from '@terrace/namespaces/data-access';
import { useApiClient } from '@terrace/session';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  discoveryFieldMessages,
  discoveryWizardSteps,
  emptyDiscoveryForm,
  type DiscoveryFormOutput,
  type DiscoveryFormValues,
} from './discovery-form';
import { discoveryPaths } from './discovery-paths';

// The form's checks (zod, the contract's schemas and the domain's rules) load at the user's first
// press or key, as the form needs them only for Next and Create; what the wizard sends comes with
// them: a submit comes only once the checks passed, so it is there.
const loadChecks = () => import('./discovery-form.schema');
const discoveryFormSchema = lazySchema(() => loadChecks().then((m) => m.discoveryFormSchema));
export const loadDiscoveryInput = () => loadChecks().then((m) => m.formToDiscoveryInput);

// The repositories and stack configuration steps bring the VCS provider's queries, a radio group
// and a switch that the first step does not show: they load once the user starts on the form (a
// press or a key anywhere), well before Next reaches them.
const loadLaterSteps = () => import('./discovery-wizard-steps');
const DiscoveryPatternsStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.DiscoveryPatternsStep })));
const DiscoveryStackConfigStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.DiscoveryStackConfigStep })));

/** A later step while its code loads (only when Next comes before the download ends). */
function LaterStep({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Skeleton className="h-40 w-full" />}>{children}</Suspense>;
}

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
        const formToDiscoveryInput = await loadDiscoveryInput();
        const created = await create.mutateAsync(formToDiscoveryInput(values));
        toast.success(t`Stack discovery ${created.name} created.`);
        void navigate(discoveryPaths.details(created.id));
      }}
      onCancel={() => void navigate(discoveryPaths.list())}
    />
  );
}

export interface DiscoveryWizardProps {
  title: string;
  submitLabel: string;
  initial: DiscoveryFormValues;
  config?: StackDiscoveryConfiguration;
  onSubmit: (values: DiscoveryFormOutput) => Promise<void>;
  onCancel: () => void;
}

/** The discovery wizard, to create a configuration (above) or edit one (discovery-edit-page.tsx). */
export function DiscoveryWizard({ title, submitLabel, initial, config, onSubmit, onCancel }: DiscoveryWizardProps) {
  const { t } = useLingui();
  const form = useContractForm({ schema: discoveryFormSchema, defaultValues: initial, messages: discoveryFieldMessages });
  useOnFirstInput(loadLaterSteps);
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
        patterns: { title: t`Repositories and paths`, content: <LaterStep><DiscoveryPatternsStep /></LaterStep> },
        stackConfig: { title: t`Stack configuration`, content: <LaterStep><DiscoveryStackConfigStep /></LaterStep> },
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
      <SelectField<DiscoveryFormValues, 'namespaceId'>
        name="namespaceId"
        label={t`Namespace`}
        required
        help={t`The stacks it creates go into this namespace.`}
        placeholder={namespaces.isPending ? t`Loading namespaces…` : t`Choose a namespace`}
        options={(namespaces.data?.items ?? []).map((namespace) => ({ value: namespace.id, label: namespace.name }))}
      />
    </Stack>
  );
}

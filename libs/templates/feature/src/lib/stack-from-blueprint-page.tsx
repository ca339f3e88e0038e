import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  Badge,
  Banner,
  Button,
  ControlledField,
  Form,
  Input,
  lazySchema,
  Skeleton,
  Stack,
  useContractForm,
  type FieldMessages,
} from '@terrace/design-system';
import { useApiClient } from '@terrace/session';
import {
  templateNamespacesQueries,
  templatesQueries,
  templateStacksQueries,
  useCreateStackFromBlueprintMutation,
  type Blueprint,
  type CreatedStack,
  type StackInitStatus,
} from '@terrace/templates/data-access';
import { ExternalLink } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod/mini';
import type { blueprintParametersSchema } from './stack-from-blueprint.schema';
import { initStatusLabels } from './template-labels';
import { templatePaths } from './template-paths';
import { NamespaceSelect } from './namespace-select';
import { WithMappings, WizardFrame } from './wizard-frame';

// The form shows with the page; its checks (zod and the parameters' conditions) load once the user acts.
const loadParametersSchema = () => import('./stack-from-blueprint.schema').then((m) => m.blueprintParametersSchema);
type ParametersValues = z.input<ReturnType<typeof blueprintParametersSchema>>;
const parametersMessages: FieldMessages = {
  namespaceId: { required: msg`Choose the namespace of the stack.`, invalid_format: msg`Choose the namespace of the stack.` },
};

/** /createStackFromBlueprintWizard/:blueprintId: opens a pull request, then follows the stack's initialisation. */
export function StackFromBlueprintPage() {
  const { t } = useLingui();
  const { blueprintId = '' } = useParams();
  const client = useApiClient();
  const blueprint = useQuery(templatesQueries.blueprint(client, blueprintId));
  const mappings = useQuery(templateNamespacesQueries.blueprintMappings(client, blueprintId));
  const [created, setCreated] = useState<CreatedStack | null>(null);
  return (
    <WithMappings title={t`Create stack from blueprint`} query={blueprint} mappings={mappings}>
      {(data, namespaces) => (
        <WizardFrame title={t`Create stack from ${data.name}`} parent={data} current={t`Create stack`}>
          {created ? <InitializationStatus stack={created} /> : <ParametersForm blueprint={data} namespaces={namespaces} onCreated={setCreated} />}
        </WizardFrame>
      )}
    </WithMappings>
  );
}

function ParametersForm({ blueprint, namespaces, onCreated }: { blueprint: Blueprint; namespaces: string[]; onCreated: (stack: CreatedStack) => void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const create = useCreateStackFromBlueprintMutation();
  const schema = useMemo(() => lazySchema(() => loadParametersSchema().then((make) => make(blueprint))), [blueprint]);
  const defaultValues: ParametersValues = {
    namespaceId: namespaces.length === 1 ? (namespaces[0] ?? '') : '',
    parameters: Object.fromEntries((blueprint.substituteParameters ?? []).map((parameter) => [parameter.key, ''])),
  };
  const form = useContractForm({
    schema,
    defaultValues,
    messages: parametersMessages,
  });
  if (namespaces.length === 0) {
    return (
      <Banner tone="warning" title={t`This blueprint is not available in any namespace yet.`}>
        <Link className="underline" to={templatePaths.details(blueprint.id, 'namespaces')}>{t`Add a namespace to it first.`}</Link>
      </Banner>
    );
  }
  return (
    <Form
      form={form}
      serverFields={{}}
      onSubmit={async (values) => {
        const stack = await create.mutateAsync({ blueprintId: blueprint.id, namespaceId: values.namespaceId, parameters: values.parameters });
        onCreated(stack);
      }}
    >
      <Stack gap={4} className="max-w-xl">
        <p className="text-sm text-muted-foreground">{t`A pull request adds the stack's code; the stack is named by the pattern below.`}</p>
        <code dir="ltr" className="w-fit rounded bg-muted px-1 text-sm">
          {blueprint.stackConfiguration.name}
        </code>
        <NamespaceSelect name="namespaceId" allowed={namespaces} />
        {(blueprint.substituteParameters ?? []).map((parameter) => (
          <ControlledField key={parameter.key} name={`parameters.${parameter.key}`} label={parameter.key} help={parameter.description} required>
            {(field) => <Input {...field} value={(field.value as string) ?? ''} dir="ltr" />}
          </ControlledField>
        ))}
        <div className="flex gap-2">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t`Open pull request`}
          </Button>
          <Button variant="outline" onClick={() => void navigate(templatePaths.details(blueprint.id))}>
            {t`Cancel`}
          </Button>
        </div>
      </Stack>
    </Form>
  );
}

const toneOf: Record<StackInitStatus, 'neutral' | 'info' | 'success' | 'danger' | 'warning'> = {
  waitingForPrApproval: 'warning',
  merged: 'info',
  inProgress: 'info',
  succeeded: 'success',
  failed: 'danger',
  unknown: 'neutral',
};

/** §4: waitingForPrApproval → merged → succeeded or failed, polled until final. */
export function InitializationStatus({ stack }: { stack: CreatedStack }) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const init = useQuery(templateStacksQueries.blueprintInit(client, stack.id));
  return (
    <Stack gap={4} className="max-w-xl" aria-live="polite">
      <p>{t`Stack ${stack.name} was created; it initialises once its pull request is merged.`}</p>
      {init.isPending ? (
        <Skeleton className="h-6 w-64" />
      ) : init.isError ? (
        <Banner tone="danger" title={t`The initialization status cannot be read right now.`} />
      ) : (
        <>
          <div className="flex items-center gap-2">
            <span className="text-sm text-muted-foreground">{t`Initialization`}</span>
            <Badge tone={toneOf[init.data.status]} data-status={init.data.status}>
              {i18n._(initStatusLabels[init.data.status])}
            </Badge>
          </div>
          {init.data.errorMessage && <Banner tone="danger" title={init.data.errorMessage} />}
          {init.data.pullRequestUrl && (
            <a className="inline-flex items-center gap-1 text-primary-subtle-foreground underline" href={init.data.pullRequestUrl} target="_blank" rel="noreferrer">
              {t`Open the pull request`}
              <ExternalLink aria-hidden className="size-4 rtl:-scale-x-100" />
            </a>
          )}
        </>
      )}
      <div>
        <Button variant="outline" asChild>
          <Link to={templatePaths.stack(stack.id)}>{t`Go to the stack`}</Link>
        </Button>
      </div>
    </Stack>
  );
}

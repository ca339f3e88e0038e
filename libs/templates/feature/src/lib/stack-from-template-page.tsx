import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  Banner,
  Button,
  ControlledField,
  FormWizardFrame,
  FormWizardPage,
  Input,
  lazySchema,
  Stack,
  toast,
  useContractForm,
  useFieldArray,
  useFormContext,
} from '@terrace/design-system';
import { ttlDurationMs } from '@terrace/domain';
import { useApiClient } from '@terrace/session';
import {
  templateNamespacesQueries,
  templatesQueries,
  useCreateStackFromTemplateMutation,
  type Template,
} from '@terrace/templates/data-access';
import { Plus, Trash2 } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { stackFromTemplateMessages, toTtl, type StackFromTemplateValues } from './template-form';
import { templatePaths } from './template-paths';
import { TtlFields } from './ttl-fields';
import { NamespaceSelect } from './namespace-select';
import { useTemplateWizardTrail, WithMappings } from './wizard-frame';

const steps = [
  { id: 'stack', fields: ['name', 'namespaceId'] },
  { id: 'ttl', fields: ['ttl'] },
  { id: 'variables', fields: ['variables'] },
] as const;
type StepId = (typeof steps)[number]['id'];

// The form shows with the page; its checks (zod, the contract's schemas and the domain's rules)
// load once the user acts (lazySchema).
const loadStackFromTemplateSchema = () => import('./template-form.schema').then((m) => m.stackFromTemplateSchema);

/** /createStackFromTemplateWizard/:templateId: an ephemeral stack with a time to live within the template's policy. */
export function StackFromTemplatePage() {
  const { t } = useLingui();
  const { templateId = '' } = useParams();
  const client = useApiClient();
  const template = useQuery(templatesQueries.template(client, templateId));
  const mappings = useQuery(templateNamespacesQueries.templateMappings(client, templateId));
  return (
    <WithMappings title={t`Create stack from template`} query={template} mappings={mappings}>
      {(data, namespaces) => <StackFromTemplateWizard template={data} namespaces={namespaces} />}
    </WithMappings>
  );
}

function StackFromTemplateWizard({ template, namespaces }: { template: Template; namespaces: string[] }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const create = useCreateStackFromTemplateMutation();
  const policy = template.policy?.ttlConfig;
  const maxTtl = policy?.maxTtl;
  const maxTtlMs = maxTtl ? ttlDurationMs(maxTtl) : null;
  const schema = useMemo(() => lazySchema(() => loadStackFromTemplateSchema().then((make) => make(maxTtlMs))), [maxTtlMs]);
  const initial: StackFromTemplateValues = {
    name: '',
    namespaceId: namespaces.length === 1 ? (namespaces[0] ?? '') : '',
    ttl: policy?.defaultTtl ? { value: String(policy.defaultTtl.value), type: policy.defaultTtl.type } : { value: '1', type: 'days' },
    variables: [],
  };
  const form = useContractForm({ schema, defaultValues: initial, messages: stackFromTemplateMessages });
  const trail = useTemplateWizardTrail(template);
  const maxText = maxTtl ? (maxTtl.type === 'days' ? t`${maxTtl.value} day(s)` : t`${maxTtl.value} hour(s)`) : null;
  const content: Record<StepId, { title: string; content: ReactNode }> = {
    stack: {
      title: t`Stack`,
      content: (
        <Stack gap={4} className="max-w-xl">
          <ControlledField<StackFromTemplateValues, 'name'> name="name" label={t`Stack name`} required>
            {(field) => <Input {...field} />}
          </ControlledField>
          <NamespaceSelect name="namespaceId" allowed={namespaces} />
        </Stack>
      ),
    },
    ttl: {
      title: t`Time to live`,
      content: (
        <Stack gap={4} className="max-w-xl">
          <TtlFields prefix="ttl" label={t`Time to live`} help={maxText ? t`At most ${maxText}. The stack is destroyed when it ends.` : t`The stack is destroyed when it ends.`} />
        </Stack>
      ),
    },
    variables: { title: t`Variables`, content: <VariableRows /> },
  };
  const title = t`Create stack from ${template.name}`;
  if (namespaces.length === 0) {
    return (
      <FormWizardFrame title={title} trail={trail} current={t`Create stack`}>
        <Banner tone="warning" title={t`This template is not available in any namespace yet.`}>
          <Link className="underline" to={templatePaths.details(template.id, 'namespaces')}>{t`Add a namespace to it first.`}</Link>
        </Banner>
      </FormWizardFrame>
    );
  }
  return (
    <FormWizardPage
      title={title}
      trail={trail}
      current={t`Create stack`}
      form={form}
      steps={steps}
      content={content}
      serverFields={{ 'entity.ttl.value': 'ttl.value', 'entity.ttl.type': 'ttl.type' }}
      submitLabel={t`Create stack`}
      onSubmit={async (values) => {
        const stack = await create.mutateAsync({
          templateId: template.id,
          name: values.name,
          namespaceId: values.namespaceId,
          ttl: toTtl(values.ttl),
          ...(values.variables.length ? { variables: values.variables } : {}),
        });
        toast.success(t`Stack ${stack.name} created.`);
        void navigate(templatePaths.stack(stack.id));
      }}
      onCancel={() => void navigate(templatePaths.details(template.id))}
    />
  );
}

function VariableRows() {
  const { t } = useLingui();
  const { control } = useFormContext<StackFromTemplateValues>();
  const rows = useFieldArray({ control, name: 'variables' });
  return (
    <Stack gap={3} className="max-w-2xl">
      <p className="text-sm text-muted-foreground">{t`Values for the template's input variables; the others keep their defaults.`}</p>
      {rows.fields.map((row, index) => (
        <div key={row.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
          <ControlledField<StackFromTemplateValues, `variables.${number}.key`> name={`variables.${index}.key`} label={t`Variable`} required>
            {(field) => <Input {...field} dir="ltr" />}
          </ControlledField>
          <ControlledField<StackFromTemplateValues, `variables.${number}.value`> name={`variables.${index}.value`} label={t`Value`}>
            {(field) => <Input {...field} dir="ltr" />}
          </ControlledField>
          <Button variant="ghost" size="icon" className="mt-6" aria-label={t`Remove variable`} onClick={() => rows.remove(index)}>
            <Trash2 aria-hidden />
          </Button>
        </div>
      ))}
      <div>
        <Button variant="outline" onClick={() => rows.append({ key: '', value: '' })}>
          <Plus aria-hidden />
          {t`Add variable`}
        </Button>
      </div>
    </Stack>
  );
}

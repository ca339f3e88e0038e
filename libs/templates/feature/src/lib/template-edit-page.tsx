import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { FormWizardEntity, toast } from '@terrace/design-system';
import { useApiClient } from '@terrace/session';
import { templatesQueries, useUpdateTemplateMutation, type Template } from '@terrace/templates/data-access';
import { useNavigate, useParams } from 'react-router';
import { versionKey, type TemplateFormValues } from './template-form';
import { templatePaths } from './template-paths';
import { loadTemplateInput, TemplateWizard } from './template-wizard-page';

/** /editTemplateWizard/:templateId */
export function EditTemplateWizardPage() {
  const { t } = useLingui();
  const { templateId = '' } = useParams();
  const client = useApiClient();
  const template = useQuery(templatesQueries.template(client, templateId));
  return (
    <FormWizardEntity query={template} title={t`Edit template`}>
      {(data) => <EditTemplateWizard template={data} />}
    </FormWizardEntity>
  );
}

function EditTemplateWizard({ template }: { template: Template }) {
  const { t } = useLingui();
  const update = useUpdateTemplateMutation();
  const navigate = useNavigate();
  return (
    <TemplateWizard
      title={t`Edit template ${template.name}`}
      submitLabel={t`Save template`}
      initial={templateToForm(template)}
      template={template}
      onSubmit={async (values) => {
        const formToTemplateInput = await loadTemplateInput();
        const updated = await update.mutateAsync({ templateId: template.id, input: formToTemplateInput(values) });
        toast.success(t`Template ${updated.name} saved.`);
        void navigate(templatePaths.details(updated.id));
      }}
      onCancel={() => void navigate(templatePaths.details(template.id))}
    />
  );
}

/** A template's values, for its wizard. */
function templateToForm(template: Template): TemplateFormValues {
  const ttl = template.policy?.ttlConfig;
  const iac = template.iacConfig ?? {};
  return {
    name: template.name,
    description: template.description ?? '',
    iacType: template.iacType,
    iacVersion: iac[versionKey[template.iacType]] ?? '',
    varFiles: (iac.varFiles ?? []).join(', '),
    vcsInfo: {
      providerId: template.vcsInfo.providerId,
      repoName: template.vcsInfo.repoName,
      branch: template.vcsInfo.branch ?? '',
      path: template.vcsInfo.path ?? '',
    },
    runnerConfig: { mode: template.runnerConfig?.mode ?? 'managed', groups: (template.runnerConfig?.groups ?? []).join(', ') },
    maxTtl: ttl?.maxTtl ? { value: String(ttl.maxTtl.value), type: ttl.maxTtl.type } : { value: '7', type: 'days' },
    defaultTtl: ttl?.defaultTtl ? { value: String(ttl.defaultTtl.value), type: ttl.defaultTtl.type } : { value: '1', type: 'days' },
    skipStateRefreshOnDestroy: template.skipStateRefreshOnDestroy ?? false,
  };
}

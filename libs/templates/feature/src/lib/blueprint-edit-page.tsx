import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { FormWizardEntity, toast } from '@terrace/design-system';
import { useApiClient } from '@terrace/session';
import { templatesQueries, useUpdateBlueprintMutation, type Blueprint } from '@terrace/templates/data-access';
import { useNavigate, useParams } from 'react-router';
import type { BlueprintFormValues } from './blueprint-form';
import { BlueprintWizard, loadBlueprintInput } from './blueprint-wizard-page';
import { templatePaths } from './template-paths';

/** /editBlueprintWizard/:blueprintId */
export function EditBlueprintWizardPage() {
  const { t } = useLingui();
  const { blueprintId = '' } = useParams();
  const client = useApiClient();
  const blueprint = useQuery(templatesQueries.blueprint(client, blueprintId));
  return (
    <FormWizardEntity query={blueprint} title={t`Edit blueprint`}>
      {(data) => <EditBlueprintWizard blueprint={data} />}
    </FormWizardEntity>
  );
}

function EditBlueprintWizard({ blueprint }: { blueprint: Blueprint }) {
  const { t } = useLingui();
  const update = useUpdateBlueprintMutation();
  const navigate = useNavigate();
  return (
    <BlueprintWizard
      title={t`Edit blueprint ${blueprint.name}`}
      submitLabel={t`Save blueprint`}
      initial={blueprintToForm(blueprint)}
      blueprint={blueprint}
      onSubmit={async (values) => {
        const formToBlueprintInput = await loadBlueprintInput();
        const updated = await update.mutateAsync({ blueprintId: blueprint.id, input: formToBlueprintInput(values) });
        toast.success(t`Blueprint ${updated.name} saved.`);
        void navigate(templatePaths.details(updated.id));
      }}
      onCancel={() => void navigate(templatePaths.details(blueprint.id))}
    />
  );
}

function conditionText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** A blueprint's values, for its wizard. */
function blueprintToForm(blueprint: Blueprint): BlueprintFormValues {
  const target = blueprint.stackConfiguration.vcsInfo;
  return {
    name: blueprint.name,
    description: blueprint.description ?? '',
    vcsInfo: {
      providerId: blueprint.vcsInfo.providerId,
      repoName: blueprint.vcsInfo.repoName,
      branch: blueprint.vcsInfo.branch ?? '',
      path: blueprint.vcsInfo.path ?? '',
    },
    stackName: blueprint.stackConfiguration.name,
    iacType: blueprint.stackConfiguration.iacType,
    varFiles: (blueprint.stackConfiguration.iacConfig?.varFiles ?? []).join(', '),
    target: { providerId: target?.providerId ?? '', repoName: target?.repoName ?? '', branch: target?.branch ?? '', path: target?.path ?? '' },
    parameters: (blueprint.substituteParameters ?? []).map((parameter) => ({
      key: parameter.key,
      description: parameter.description ?? '',
      conditions: (parameter.valueConditions ?? []).map((condition) => ({ operator: condition.operator, value: conditionText(condition.value) })),
    })),
    skipPlanOnStackInitialization: blueprint.skipPlanOnStackInitialization ?? false,
    autoApproveApplyOnInitialization: blueprint.autoApproveApplyOnInitialization ?? false,
  };
}

import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { FormWizardEntity, toast } from '@terrace/design-system';
import { discoveryQueries, useUpdateDiscoveryMutation, type StackDiscoveryConfiguration } from '@terrace/discovery/data-access';
import { useApiClient } from '@terrace/session';
import { useNavigate, useParams } from 'react-router';
import { versionKey, type DiscoveryFormValues } from './discovery-form';
import { discoveryPaths } from './discovery-paths';
import { DiscoveryWizard, loadDiscoveryInput } from './discovery-wizard-page';

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
        const formToDiscoveryInput = await loadDiscoveryInput();
        const updated = await update.mutateAsync({ id: config.id, input: formToDiscoveryInput(values) });
        toast.success(t`Stack discovery ${updated.name} saved.`);
        void navigate(discoveryPaths.details(updated.id));
      }}
      onCancel={() => void navigate(discoveryPaths.details(config.id))}
    />
  );
}

/** A configuration's values, for its wizard. */
function discoveryToForm(config: StackDiscoveryConfiguration): DiscoveryFormValues {
  const iac = config.stackConfig.iacConfig ?? {};
  return {
    name: config.name,
    description: config.description ?? '',
    namespaceId: config.namespaceId,
    vcsPatterns: config.vcsPatterns.map((pattern) => ({
      providerId: pattern.providerId,
      repoName: pattern.repoName,
      branch: pattern.branch ?? '',
      pathPatterns: pattern.pathPatterns.join(', '),
      excludePathPatterns: (pattern.excludePathPatterns ?? []).join(', '),
    })),
    mode: config.mode ?? 'create',
    stackConfig: {
      iacType: config.stackConfig.iacType,
      iacVersion: iac[versionKey[config.stackConfig.iacType]] ?? '',
      deployOnPush: config.stackConfig.deploymentBehavior?.deployOnPush ?? true,
    },
  };
}

import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { zAiFeaturesConfiguration } from '@terrace/api-client/schemas';
import {
  Button,
  Card,
  CardBody,
  CardFooter,
  Checkbox,
  ErrorState,
  Form,
  Label,
  Skeleton,
  Stack,
  toast,
  useContractForm,
  useController,
} from '@terrace/design-system';
import {
  organizationQueries,
  useUpdateAiFeaturesMutation,
} from '@terrace/organization/data-access';
import { useId } from 'react';
import { SettingToggle } from './setting-toggle';
import { useApiClient } from '@terrace/session';

export interface AiFeaturesSectionProps {
  canEdit: boolean;
  readOnlyReason: string;
}

/** AI features (spec §3: aiFeaturesConfiguration enabled + consented); both are needed for the assistant. */
export function AiFeaturesSection({ canEdit, readOnlyReason }: AiFeaturesSectionProps) {
  const client = useApiClient();
  const configuration = useQuery(organizationQueries.configuration(client));
  if (configuration.isPending) return <Skeleton className="h-64 w-full" />;
  if (configuration.isError) {
    return (
      <ErrorState
        error={configuration.error}
        onRetry={() => void configuration.refetch()}
        retrying={configuration.isFetching}
      />
    );
  }
  const current = configuration.data?.aiFeaturesConfiguration ?? {
    enabled: false,
    consented: false,
  };
  return (
    <AiFeaturesForm
      key={`${current.enabled}-${current.consented}`}
      initial={current}
      canEdit={canEdit}
      readOnlyReason={readOnlyReason}
    />
  );
}

function AiFeaturesForm({
  initial,
  canEdit,
  readOnlyReason,
}: { initial: { enabled: boolean; consented: boolean } } & AiFeaturesSectionProps) {
  const { t } = useLingui();
  const save = useUpdateAiFeaturesMutation();
  // The form edits the contract's AiFeaturesConfiguration as it is.
  const form = useContractForm({ schema: zAiFeaturesConfiguration, defaultValues: initial });
  const enabled = useController({ control: form.control, name: 'enabled' });
  const consented = useController({ control: form.control, name: 'consented' });
  const consentId = useId();
  const dirty = form.formState.isDirty;
  const blocked = enabled.field.value && !consented.field.value;

  return (
    <Card>
      <Form
        form={form}
        aria-label={t`AI features`}
        onSubmit={async (values) => {
          await save.mutateAsync(values);
          toast.success(t`AI features saved.`);
        }}
      >
        <CardBody>
          <Stack gap={4} className="max-w-2xl py-2">
            <SettingToggle
              label={t`Enable AI features`}
              description={t`The AI assistant and AI analysis of plans, deployments and tasks.`}
              checked={enabled.field.value}
              onCheckedChange={enabled.field.onChange}
              disabled={!canEdit}
              disabledReason={readOnlyReason}
            />
            <div className="rounded-md border border-border bg-muted/40 p-4 text-sm">
              <p className="mb-2 font-medium">{t`Data processing consent`}</p>
              <p className="text-muted-foreground">
                {t`To answer questions and analyse runs, the assistant sends the relevant parts of your stacks to the AI model provider: configuration, plan and run output, policy results and resource metadata. Secrets and sensitive variable values are never sent. The provider processes the data only to produce the answer and does not use it to train models. You can turn AI features off at any time.`}
              </p>
              <div className="mt-3 flex items-start gap-2">
                <Checkbox
                  id={consentId}
                  ref={consented.field.ref}
                  checked={consented.field.value}
                  onCheckedChange={(checked) => consented.field.onChange(checked === true)}
                  disabled={!canEdit}
                />
                <Label htmlFor={consentId} className="font-normal">
                  {t`I agree, on behalf of the organization, to this processing of our data.`}
                </Label>
              </div>
            </div>
            {blocked && (
              <p className="text-sm text-warning-subtle-foreground" role="status">
                {t`AI features stay unavailable until the consent above is given.`}
              </p>
            )}
          </Stack>
        </CardBody>
        <CardFooter>
          <Button
            type="submit"
            loading={form.formState.isSubmitting}
            disabled={!canEdit || !dirty}
            title={!canEdit ? readOnlyReason : undefined}
          >
            {t`Save`}
          </Button>
        </CardFooter>
      </Form>
    </Card>
  );
}

import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@terrace/design-system';
import { authPaths, authRequests, useApiClient } from '@terrace/session';
import { useAuthForm } from './auth-form';
import { useSearchParams } from 'react-router';
import { AuthCard } from './auth-card';
import { errorText } from './auth-validation';
import { FormAlert } from './form-alert';
import { emptySignUp, SignUpFields, toSignUpInput, type SignUpValues } from './sign-up-fields';
import { useCompleteSignIn } from './use-complete-sign-in';

/** Registration for a subscription bought on AWS Marketplace; AWS passes its token in the query. */
export function AwsMarketplaceRegisterPage() {
  const { t } = useLingui();
  const client = useApiClient();
  const complete = useCompleteSignIn(authPaths.postAwsMarketplaceRegistration);
  const [params] = useSearchParams();
  const marketplaceToken = params.get('x-amzn-marketplace-token') ?? params.get('token') ?? '';
  const form = useAuthForm<SignUpValues>({ defaultValues: emptySignUp });
  const register = useMutation({
    mutationFn: (v: SignUpValues) => authRequests.awsMarketplaceRegistration(client, { ...toSignUpInput(v), marketplaceToken }),
    onSuccess: async (result) => {
      if (result.kind === 'session') await complete(result);
    },
  });
  return (
    <AuthCard title={t`Complete your AWS Marketplace registration`} description={t`Create the organization your AWS Marketplace subscription belongs to.`}>
      {!marketplaceToken && <FormAlert tone="danger">{t`The AWS Marketplace token is missing. Open this page again from your AWS Marketplace subscription.`}</FormAlert>}
      <form noValidate onSubmit={(e) => void form.handleSubmit((v) => register.mutate(v))(e)} className="flex flex-col gap-4">
        {register.isError && <FormAlert tone="danger">{errorText(register.error) ?? t`The registration could not be completed.`}</FormAlert>}
        <SignUpFields form={form} />
        <Button type="submit" loading={register.isPending} disabled={!marketplaceToken} className="w-full">
          {t`Register`}
        </Button>
      </form>
    </AuthCard>
  );
}

/**
 * Registration for an Azure Marketplace subscription: Azure already holds the details and passes
 * the purchase token in the `token` query parameter of this landing page; one click confirms.
 */
export function AzureMarketplaceRegisterPage() {
  const { t } = useLingui();
  const client = useApiClient();
  const complete = useCompleteSignIn(authPaths.postAzureMarketplaceRegistration);
  const [params] = useSearchParams();
  const purchaseToken = params.get('token') ?? '';
  const register = useMutation({
    mutationFn: () => authRequests.azureMarketplaceRegistration(client, purchaseToken),
    onSuccess: async (result) => {
      if (result.kind === 'session') await complete(result);
    },
  });
  return (
    <AuthCard title={t`Complete your Azure Marketplace registration`} description={t`Confirm to activate the Terrace subscription you bought on Azure Marketplace.`}>
      {!purchaseToken && <FormAlert tone="danger">{t`The Azure Marketplace token is missing. Open this page again from your Azure Marketplace subscription.`}</FormAlert>}
      {register.isError && <FormAlert tone="danger">{errorText(register.error) ?? t`The registration could not be completed.`}</FormAlert>}
      <Button loading={register.isPending} disabled={!purchaseToken} onClick={() => register.mutate()} className="w-full">
        {t`Activate subscription`}
      </Button>
    </AuthCard>
  );
}

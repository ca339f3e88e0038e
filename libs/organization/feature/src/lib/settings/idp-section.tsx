import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  CardBody,
  CardFooter,
  ConfirmDialog,
  CopyButton,
  ErrorState,
  FormField,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Skeleton,
  Stack,
  Textarea,
  toast,
} from '@terrace/design-system';
import { confirmationPhrases } from '@terrace/domain';
import {
  identityProviderTypes,
  organizationQueries,
  ssoDefaultRoles,
  useDeleteIdentityProviderMutation,
  useUpdateIdentityProviderMutation,
  type IdentityProvider,
  type IdentityProviderType,
  type SsoDefaultRole,
} from '@terrace/organization/data-access';
import { useState, type FormEvent } from 'react';
import { useRoleLabel } from '../common/use-role-label';
import { useApiClient } from '@terrace/session';

export interface IdpSectionProps {
  canEdit: boolean;
  readOnlyReason: string;
}

interface IdpFormValues {
  type: IdentityProviderType;
  emailDomains: string;
  defaultRole: SsoDefaultRole;
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  groupsClaim: string;
  entryPointUrl: string;
  idpCertificate: string;
  spEntityId: string;
  groupsAttribute: string;
}

type IdpErrors = Partial<Record<keyof IdpFormValues, string>>;

function toForm(provider: IdentityProvider | null): IdpFormValues {
  return {
    type: provider?.type ?? 'oidc',
    emailDomains: provider?.emailDomains.join(', ') ?? '',
    defaultRole: provider?.defaultRole ?? 'member',
    issuerUrl: provider?.oidc?.issuerUrl ?? '',
    clientId: provider?.oidc?.clientId ?? '',
    clientSecret: '',
    scopes: provider?.oidc?.scopes ?? 'openid email profile',
    groupsClaim: provider?.oidc?.groupsClaim ?? 'groups',
    entryPointUrl: provider?.saml?.entryPointUrl ?? '',
    idpCertificate: provider?.saml?.idpCertificate ?? '',
    spEntityId: provider?.saml?.spEntityId ?? '',
    groupsAttribute: provider?.saml?.groupsAttribute ?? 'groups',
  };
}

const isHttpsUrl = (value: string) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};
// The contract's EmailDomain pattern.
const DOMAIN = /^(?=.{3,253}$)([a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/;
const splitDomains = (text: string) => [...new Set(text.split(/[\s,]+/).filter(Boolean))];

/** Single sign-on: the organization's identity provider, over OpenID Connect or SAML 2.0. */
export function IdpSection({ canEdit, readOnlyReason }: IdpSectionProps) {
  const client = useApiClient();
  const provider = useQuery(organizationQueries.sso(client));
  if (provider.isPending) return <Skeleton className="h-96 w-full" />;
  if (provider.isError) return <ErrorState error={provider.error} onRetry={() => void provider.refetch()} retrying={provider.isFetching} />;
  // Remounting on a save or removal starts the form from what the server now holds.
  return <IdpForm key={provider.data?.updatedAt ?? 'none'} provider={provider.data} canEdit={canEdit} readOnlyReason={readOnlyReason} />;
}

function IdpForm({ provider, canEdit, readOnlyReason }: { provider: IdentityProvider | null } & IdpSectionProps) {
  const { t } = useLingui();
  const roleLabel = useRoleLabel();
  const save = useUpdateIdentityProviderMutation();
  const remove = useDeleteIdentityProviderMutation();
  const [values, setValues] = useState(() => toForm(provider));
  const [errors, setErrors] = useState<IdpErrors>({});
  const [removing, setRemoving] = useState(false);
  const set = <K extends keyof IdpFormValues>(key: K, value: IdpFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const secretStored = provider?.oidc?.isClientSecretConfigured ?? false;
  const callbackUrl = values.type === 'oidc' ? provider?.oidc?.redirectUri : provider?.saml?.acsUrl;

  const validate = (): IdpErrors => {
    const next: IdpErrors = {};
    const domains = splitDomains(values.emailDomains);
    if (domains.length === 0) next.emailDomains = t`Enter at least one e-mail domain, such as example.com.`;
    else if (domains.some((domain) => !DOMAIN.test(domain))) next.emailDomains = t`Enter domains such as example.com, separated by commas.`;
    if (values.type === 'oidc') {
      if (!isHttpsUrl(values.issuerUrl.trim())) next.issuerUrl = t`Enter the issuer URL, starting with https://.`;
      if (values.clientId.trim() === '') next.clientId = t`Enter the client ID.`;
      if (values.clientSecret === '' && !secretStored) next.clientSecret = t`Enter the client secret.`;
      if (!values.scopes.split(/\s+/).includes('openid')) next.scopes = t`The scopes must include openid.`;
      if (values.groupsClaim.trim() === '') next.groupsClaim = t`Enter the claim that carries the user's groups.`;
    } else {
      if (!isHttpsUrl(values.entryPointUrl.trim())) next.entryPointUrl = t`Enter the single sign-on URL, starting with https://.`;
      if (!values.idpCertificate.includes('BEGIN CERTIFICATE')) next.idpCertificate = t`Paste the X.509 certificate in PEM format.`;
      if (values.spEntityId.trim() === '') next.spEntityId = t`Enter the entity ID Terrace has at your identity provider.`;
      if (values.groupsAttribute.trim() === '') next.groupsAttribute = t`Enter the attribute that carries the user's groups.`;
    }
    return next;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validate();
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      await save.mutateAsync({
        type: values.type,
        emailDomains: splitDomains(values.emailDomains),
        defaultRole: values.defaultRole,
        ...(values.type === 'oidc'
          ? {
              oidc: {
                issuerUrl: values.issuerUrl.trim(),
                clientId: values.clientId.trim(),
                scopes: values.scopes.trim(),
                groupsClaim: values.groupsClaim.trim(),
                // The secret is write-only: leaving the field empty keeps the stored one.
                ...(values.clientSecret !== '' ? { clientSecret: values.clientSecret } : {}),
              },
            }
          : {
              saml: {
                entryPointUrl: values.entryPointUrl.trim(),
                idpCertificate: values.idpCertificate.trim(),
                spEntityId: values.spEntityId.trim(),
                groupsAttribute: values.groupsAttribute.trim(),
              },
            }),
      });
      toast.success(t`Identity provider saved.`);
    } catch {
      // The client has shown why; the form keeps every value.
    }
  };

  const disabled = !canEdit;
  const field = (key: keyof IdpFormValues) => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value as never),
    disabled,
  });

  return (
    <Card>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t`Identity provider`}>
        <CardBody>
          <Stack gap={5} className="max-w-2xl py-2">
            {!canEdit && <p className="text-sm text-muted-foreground">{readOnlyReason}</p>}
            {!provider && <p className="text-sm text-muted-foreground">{t`No identity provider is configured: members sign in with their password.`}</p>}
            <FormField label={t`Protocol`}>
              <Select value={values.type} onValueChange={(type) => set('type', type as IdentityProviderType)} disabled={disabled}>
                <SelectTrigger>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {identityProviderTypes.map((type) => (
                    <SelectItem key={type} value={type}>
                      {type === 'oidc' ? t`OpenID Connect (OIDC)` : t`SAML 2.0`}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
            {callbackUrl && (
              <FormField
                label={values.type === 'oidc' ? t`Redirect URI` : t`Assertion consumer service URL`}
                help={t`Register this address at your identity provider.`}
              >
                <div className="flex items-center gap-2">
                  <Input readOnly value={callbackUrl} className="font-mono text-xs" dir="ltr" />
                  <CopyButton text={callbackUrl} variant="outline" />
                </div>
              </FormField>
            )}
            {values.type === 'oidc' ? (
              <>
                <FormField label={t`Issuer URL`} required error={errors.issuerUrl}>
                  <Input type="url" placeholder="https://login.example.com" dir="ltr" {...field('issuerUrl')} />
                </FormField>
                <FormField label={t`Client ID`} required error={errors.clientId}>
                  <Input dir="ltr" {...field('clientId')} />
                </FormField>
                <FormField
                  label={t`Client secret`}
                  required={!secretStored}
                  error={errors.clientSecret}
                  help={secretStored ? t`A secret is stored. Leave this empty to keep it.` : undefined}
                >
                  <Input type="password" autoComplete="new-password" {...field('clientSecret')} />
                </FormField>
                <FormField label={t`Scopes`} error={errors.scopes} help={t`Separated by spaces; openid is required.`}>
                  <Input dir="ltr" {...field('scopes')} />
                </FormField>
                <FormField label={t`Groups claim`} error={errors.groupsClaim}>
                  <Input dir="ltr" {...field('groupsClaim')} />
                </FormField>
              </>
            ) : (
              <>
                <FormField label={t`Single sign-on URL`} required error={errors.entryPointUrl}>
                  <Input type="url" dir="ltr" {...field('entryPointUrl')} />
                </FormField>
                <FormField label={t`X.509 certificate`} required error={errors.idpCertificate}>
                  <Textarea rows={6} className="font-mono text-xs" dir="ltr" placeholder="-----BEGIN CERTIFICATE-----" {...field('idpCertificate')} />
                </FormField>
                <FormField label={t`Service provider entity ID`} required error={errors.spEntityId} help={t`The entity ID of Terrace at your identity provider.`}>
                  <Input dir="ltr" {...field('spEntityId')} />
                </FormField>
                <FormField label={t`Groups attribute`} error={errors.groupsAttribute}>
                  <Input dir="ltr" {...field('groupsAttribute')} />
                </FormField>
              </>
            )}
            <FormField
              label={t`E-mail domains`}
              required
              error={errors.emailDomains}
              help={t`Users with these e-mail domains are sent to this identity provider when they sign in.`}
            >
              <Input placeholder="example.com, example.org" dir="ltr" {...field('emailDomains')} />
            </FormField>
            <FormField label={t`Role of new SSO users`} help={t`The organization role of an SSO user who signs in for the first time.`}>
              <Select value={values.defaultRole} onValueChange={(role) => set('defaultRole', role as SsoDefaultRole)} disabled={disabled}>
                <SelectTrigger>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {ssoDefaultRoles.map((role) => (
                    <SelectItem key={role} value={role}>
                      {roleLabel(role)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
          </Stack>
        </CardBody>
        <CardFooter className="justify-between">
          {provider ? (
            <Button type="button" variant="ghost" disabled={disabled} title={disabled ? readOnlyReason : undefined} onClick={() => setRemoving(true)}>
              {t`Remove identity provider`}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={save.isPending} disabled={disabled} title={disabled ? readOnlyReason : undefined}>
            {t`Save identity provider`}
          </Button>
        </CardFooter>
      </form>
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        tone="danger"
        title={t`Remove the identity provider?`}
        description={t`Members can no longer sign in with single sign-on. Members without a password cannot sign in at all.`}
        phrase={confirmationPhrases.delete}
        confirmLabel={t`Remove identity provider`}
        onConfirm={async () => {
          await remove.mutateAsync();
          toast.success(t`Identity provider removed.`);
        }}
      />
    </Card>
  );
}

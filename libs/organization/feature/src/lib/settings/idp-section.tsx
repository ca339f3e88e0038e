import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  zIdentityProviderInput,
  zOidcSettingsInput,
  zSamlSettingsInput,
} from '@terrace/api-client/schemas';
import {
  addDomainIssue,
  Button,
  Card,
  CardBody,
  CardFooter,
  ControlledField,
  CopyButton,
  ErrorState,
  type FieldMessages,
  Form,
  FormField,
  Input,
  LazyConfirmDialog,
  SelectField,
  Skeleton,
  Stack,
  Textarea,
  toast,
  trimmed,
  unwrapOptional,
  useContractForm,
  wireRule,
} from '@terrace/design-system';
import { confirmationPhrases } from '@terrace/domain';
import {
  identityProviderTypes,
  organizationQueries,
  ssoDefaultRoles,
  useDeleteIdentityProviderMutation,
  useUpdateIdentityProviderMutation,
  type IdentityProvider,
} from '@terrace/organization/data-access';
import { useMemo, useState } from 'react';
import { z } from 'zod/mini';
import { useRoleLabel } from '../common/use-role-label';
import { useApiClient } from '@terrace/session';

export interface IdpSectionProps {
  canEdit: boolean;
  readOnlyReason: string;
}

const isHttpsUrl = (value: string) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};
const splitDomains = (text: string) => [...new Set(text.split(/[\s,]+/).filter(Boolean))];

/**
 * One flat form for both protocols; only the chosen protocol's fields are checked, against the
 * contract's OidcSettingsInput or SamlSettingsInput (same member names) and the console's own
 * rules (https, openid among the scopes, a PEM certificate, the stored client secret).
 */
function idpFormSchema(secretStored: boolean) {
  const wire = zIdentityProviderInput.shape;
  const text = trimmed();
  return z
    .object({
      type: wire.type,
      emailDomains: z.string().check(wireRule(wire.emailDomains, splitDomains)),
      defaultRole: unwrapOptional(wire.defaultRole),
      issuerUrl: text,
      clientId: text,
      clientSecret: z.string(),
      scopes: text,
      groupsClaim: text,
      entryPointUrl: text,
      idpCertificate: text,
      spEntityId: text,
      groupsAttribute: text,
    })
    .check(z.superRefine((values, ctx) => {
      const problem = (path: string, message: MessageDescriptor) => addDomainIssue(ctx, message, [path]);
      const settings =
        values.type === 'oidc'
          ? zOidcSettingsInput.safeParse({
              issuerUrl: values.issuerUrl,
              clientId: values.clientId,
              // The secret is write-only: empty keeps the stored one.
              clientSecret: values.clientSecret === '' ? undefined : values.clientSecret,
              scopes: values.scopes,
              groupsClaim: values.groupsClaim,
            })
          : zSamlSettingsInput.safeParse({
              entryPointUrl: values.entryPointUrl,
              idpCertificate: values.idpCertificate,
              spEntityId: values.spEntityId,
              groupsAttribute: values.groupsAttribute,
            });
      for (const issue of settings.error?.issues ?? [])
        ctx.addIssue(issue as Parameters<typeof ctx.addIssue>[0]);
      if (values.type === 'oidc') {
        if (!isHttpsUrl(values.issuerUrl)) problem('issuerUrl', idpMessages.issuerUrl);
        if (values.clientSecret === '' && !secretStored)
          problem('clientSecret', idpMessages.clientSecret);
        if (!values.scopes.split(/\s+/).includes('openid')) problem('scopes', idpMessages.scopes);
      } else {
        if (!isHttpsUrl(values.entryPointUrl)) problem('entryPointUrl', idpMessages.entryPointUrl);
        if (!values.idpCertificate.includes('BEGIN CERTIFICATE'))
          problem('idpCertificate', idpMessages.idpCertificate);
      }
    }));
}
type IdpFormValues = z.input<ReturnType<typeof idpFormSchema>>;

const idpMessages = {
  emailDomainsRequired: msg`Enter at least one e-mail domain, such as example.com.`,
  emailDomains: msg`Enter domains such as example.com, separated by commas.`,
  issuerUrl: msg`Enter the issuer URL, starting with https://.`,
  clientId: msg`Enter the client ID.`,
  clientSecret: msg`Enter the client secret.`,
  scopes: msg`The scopes must include openid.`,
  groupsClaim: msg`Enter the claim that carries the user's groups.`,
  entryPointUrl: msg`Enter the single sign-on URL, starting with https://.`,
  idpCertificate: msg`Paste the X.509 certificate in PEM format.`,
  spEntityId: msg`Enter the entity ID Terrace has at your identity provider.`,
  groupsAttribute: msg`Enter the attribute that carries the user's groups.`,
};
// A field's own wording for an empty or malformed value; the contract's length limits keep the generic text.
const all = (message: MessageDescriptor) => ({
  required: message,
  invalid_format: message,
  custom: message,
});
const fieldMessages: FieldMessages = {
  emailDomains: {
    required: idpMessages.emailDomainsRequired,
    invalid_format: idpMessages.emailDomains,
    too_small: idpMessages.emailDomains,
  },
  issuerUrl: all(idpMessages.issuerUrl),
  clientId: all(idpMessages.clientId),
  clientSecret: all(idpMessages.clientSecret),
  scopes: { ...all(idpMessages.scopes), too_small: idpMessages.scopes },
  groupsClaim: all(idpMessages.groupsClaim),
  entryPointUrl: all(idpMessages.entryPointUrl),
  idpCertificate: { ...all(idpMessages.idpCertificate), too_small: idpMessages.idpCertificate },
  spEntityId: all(idpMessages.spEntityId),
  groupsAttribute: all(idpMessages.groupsAttribute),
};

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

/** Single sign-on: the organization's identity provider, over OpenID Connect or SAML 2.0. */
export function IdpSection({ canEdit, readOnlyReason }: IdpSectionProps) {
  const client = useApiClient();
  const provider = useQuery(organizationQueries.sso(client));
  if (provider.isPending) return <Skeleton className="h-96 w-full" />;
  if (provider.isError)
    return (
      <ErrorState
        error={provider.error}
        onRetry={() => void provider.refetch()}
        retrying={provider.isFetching}
      />
    );
  // Remounting on a save or removal starts the form from what the server now holds.
  return (
    <IdpForm
      key={provider.data?.updatedAt ?? 'none'}
      provider={provider.data}
      canEdit={canEdit}
      readOnlyReason={readOnlyReason}
    />
  );
}

function IdpForm({
  provider,
  canEdit,
  readOnlyReason,
}: { provider: IdentityProvider | null } & IdpSectionProps) {
  const { t } = useLingui();
  const roleLabel = useRoleLabel();
  const save = useUpdateIdentityProviderMutation();
  const remove = useDeleteIdentityProviderMutation();
  const secretStored = provider?.oidc?.isClientSecretConfigured ?? false;
  const schema = useMemo(() => idpFormSchema(secretStored), [secretStored]);
  const form = useContractForm({
    schema,
    defaultValues: toForm(provider),
    messages: fieldMessages,
  });
  const [removing, setRemoving] = useState(false);
  const type = form.watch('type');
  const callbackUrl = type === 'oidc' ? provider?.oidc?.redirectUri : provider?.saml?.acsUrl;

  const submit = async (values: IdpFormValues) => {
    await save.mutateAsync({
      type: values.type,
      emailDomains: splitDomains(values.emailDomains),
      defaultRole: values.defaultRole,
      ...(values.type === 'oidc'
        ? {
            oidc: {
              issuerUrl: values.issuerUrl,
              clientId: values.clientId,
              scopes: values.scopes,
              groupsClaim: values.groupsClaim,
              // The secret is write-only: leaving the field empty keeps the stored one.
              ...(values.clientSecret !== '' ? { clientSecret: values.clientSecret } : {}),
            },
          }
        : {
            saml: {
              entryPointUrl: values.entryPointUrl,
              idpCertificate: values.idpCertificate,
              spEntityId: values.spEntityId,
              groupsAttribute: values.groupsAttribute,
            },
          }),
    });
    toast.success(t`Identity provider saved.`);
  };

  const disabled = !canEdit;
  const input = (
    name: Exclude<keyof IdpFormValues, 'type' | 'defaultRole'>,
    label: string,
    options: { required?: boolean; help?: string; type?: string; placeholder?: string } = {},
  ) => (
    <ControlledField<IdpFormValues, typeof name>
      name={name}
      label={label}
      required={options.required}
      help={options.help}
    >
      {(field) => (
        <Input
          dir="ltr"
          type={options.type}
          placeholder={options.placeholder}
          disabled={disabled}
          {...field}
        />
      )}
    </ControlledField>
  );

  return (
    <Card>
      <Form form={form} onSubmit={submit} aria-label={t`Identity provider`}>
        <CardBody>
          <Stack gap={5} className="max-w-2xl py-2">
            {!canEdit && <p className="text-sm text-muted-foreground">{readOnlyReason}</p>}
            {!provider && (
              <p className="text-sm text-muted-foreground">{t`No identity provider is configured: members sign in with their password.`}</p>
            )}
            <SelectField<IdpFormValues, 'type'>
              name="type"
              label={t`Protocol`}
              disabled={disabled}
              options={identityProviderTypes.map((type) => ({
                value: type,
                label: type === 'oidc' ? t`OpenID Connect (OIDC)` : t`SAML 2.0`,
              }))}
            />
            {callbackUrl && (
              <FormField
                label={type === 'oidc' ? t`Redirect URI` : t`Assertion consumer service URL`}
                help={t`Register this address at your identity provider.`}
              >
                <div className="flex items-center gap-2">
                  <Input readOnly value={callbackUrl} className="font-mono text-xs" dir="ltr" />
                  <CopyButton text={callbackUrl} variant="outline" />
                </div>
              </FormField>
            )}
            {type === 'oidc' ? (
              <>
                {input('issuerUrl', t`Issuer URL`, {
                  required: true,
                  type: 'url',
                  placeholder: 'https://login.example.com',
                })}
                {input('clientId', t`Client ID`, { required: true })}
                <ControlledField<IdpFormValues, 'clientSecret'>
                  name="clientSecret"
                  label={t`Client secret`}
                  required={!secretStored}
                  help={
                    secretStored ? t`A secret is stored. Leave this empty to keep it.` : undefined
                  }
                >
                  {(field) => (
                    <Input
                      type="password"
                      autoComplete="new-password"
                      disabled={disabled}
                      {...field}
                    />
                  )}
                </ControlledField>
                {input('scopes', t`Scopes`, { help: t`Separated by spaces; openid is required.` })}
                {input('groupsClaim', t`Groups claim`)}
              </>
            ) : (
              <>
                {input('entryPointUrl', t`Single sign-on URL`, { required: true, type: 'url' })}
                <ControlledField<IdpFormValues, 'idpCertificate'>
                  name="idpCertificate"
                  label={t`X.509 certificate`}
                  required
                >
                  {(field) => (
                    <Textarea
                      rows={6}
                      className="font-mono text-xs"
                      dir="ltr"
                      placeholder="-----BEGIN CERTIFICATE-----"
                      disabled={disabled}
                      {...field}
                    />
                  )}
                </ControlledField>
                {input('spEntityId', t`Service provider entity ID`, {
                  required: true,
                  help: t`The entity ID of Terrace at your identity provider.`,
                })}
                {input('groupsAttribute', t`Groups attribute`)}
              </>
            )}
            {input('emailDomains', t`E-mail domains`, {
              required: true,
              help: t`Users with these e-mail domains are sent to this identity provider when they sign in.`,
              placeholder: 'example.com, example.org',
            })}
            <SelectField<IdpFormValues, 'defaultRole'>
              name="defaultRole"
              label={t`Role of new SSO users`}
              help={t`The organization role of an SSO user who signs in for the first time.`}
              disabled={disabled}
              options={ssoDefaultRoles.map((role) => ({ value: role, label: roleLabel(role) }))}
            />
          </Stack>
        </CardBody>
        <CardFooter className="justify-between">
          {provider ? (
            <Button
              type="button"
              variant="ghost"
              disabled={disabled}
              title={disabled ? readOnlyReason : undefined}
              onClick={() => setRemoving(true)}
            >
              {t`Remove identity provider`}
            </Button>
          ) : (
            <span />
          )}
          <Button
            type="submit"
            loading={form.formState.isSubmitting}
            disabled={disabled}
            title={disabled ? readOnlyReason : undefined}
          >
            {t`Save identity provider`}
          </Button>
        </CardFooter>
      </Form>
      <LazyConfirmDialog
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

import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  CardBody,
  CardFooter,
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
  Switch,
  Textarea,
  toast,
} from '@terrace/design-system';
import {
  organizationQueries,
  ssoProtocols,
  useOrganizationApi,
  useUpdateSsoConfigurationMutation,
  type SsoConfiguration,
  type SsoProtocol,
} from '@terrace/organization/data-access';
import { useId, useState, type FormEvent } from 'react';
import { CopyButton } from '../common/copy-button';

export interface IdpSectionProps {
  canEdit: boolean;
  readOnlyReason: string;
}

interface IdpFormValues {
  protocol: SsoProtocol;
  enabled: boolean;
  emailDomains: string;
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  ssoUrl: string;
  entityId: string;
  certificate: string;
}

type IdpErrors = Partial<Record<keyof IdpFormValues, string>>;

function toForm(config: SsoConfiguration | null): IdpFormValues {
  return {
    protocol: config?.protocol ?? 'oidc',
    enabled: config?.enabled ?? false,
    emailDomains: config?.emailDomains.join(', ') ?? '',
    issuerUrl: config?.oidc?.issuerUrl ?? '',
    clientId: config?.oidc?.clientId ?? '',
    clientSecret: '',
    ssoUrl: config?.saml?.ssoUrl ?? '',
    entityId: config?.saml?.entityId ?? '',
    certificate: config?.saml?.certificate ?? '',
  };
}

const isHttpsUrl = (value: string) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** Single sign-on: one identity provider per organization, over OIDC or SAML. */
export function IdpSection({ canEdit, readOnlyReason }: IdpSectionProps) {
  const api = useOrganizationApi();
  const sso = useQuery(organizationQueries.sso(api));
  if (sso.isPending) return <Skeleton className="h-96 w-full" />;
  if (sso.isError) return <ErrorState error={sso.error} onRetry={() => void sso.refetch()} retrying={sso.isFetching} />;
  return <IdpForm config={sso.data} canEdit={canEdit} readOnlyReason={readOnlyReason} />;
}

function IdpForm({ config, canEdit, readOnlyReason }: { config: SsoConfiguration | null } & IdpSectionProps) {
  const { t } = useLingui();
  const save = useUpdateSsoConfigurationMutation();
  const enabledId = useId();
  const [values, setValues] = useState(() => toForm(config));
  const [errors, setErrors] = useState<IdpErrors>({});
  const set = <K extends keyof IdpFormValues>(key: K, value: IdpFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const secretStored = config?.oidc?.isClientSecretConfigured ?? false;

  const validate = (): IdpErrors => {
    const next: IdpErrors = {};
    const domains = values.emailDomains.split(/[\s,]+/).filter(Boolean);
    if (domains.some((domain) => !DOMAIN.test(domain))) next.emailDomains = t`Enter domains such as example.com, separated by commas.`;
    if (values.protocol === 'oidc') {
      if (!isHttpsUrl(values.issuerUrl.trim())) next.issuerUrl = t`Enter the issuer URL, starting with https://.`;
      if (values.clientId.trim() === '') next.clientId = t`Enter the client ID.`;
      if (values.clientSecret === '' && !secretStored) next.clientSecret = t`Enter the client secret.`;
    } else {
      if (!isHttpsUrl(values.ssoUrl.trim())) next.ssoUrl = t`Enter the single sign-on URL, starting with https://.`;
      if (values.entityId.trim() === '') next.entityId = t`Enter the identity provider's entity ID.`;
      if (!values.certificate.includes('BEGIN CERTIFICATE')) next.certificate = t`Paste the X.509 certificate in PEM format.`;
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
        protocol: values.protocol,
        enabled: values.enabled,
        emailDomains: values.emailDomains.split(/[\s,]+/).filter(Boolean),
        oidc:
          values.protocol === 'oidc'
            ? {
                issuerUrl: values.issuerUrl.trim(),
                clientId: values.clientId.trim(),
                // The secret is write-only: an empty field keeps the stored one.
                ...(values.clientSecret !== '' ? { clientSecret: values.clientSecret } : {}),
              }
            : null,
        saml:
          values.protocol === 'saml'
            ? { ssoUrl: values.ssoUrl.trim(), entityId: values.entityId.trim(), certificate: values.certificate.trim() }
            : null,
      });
      set('clientSecret', '');
      toast.success(t`Identity provider saved.`);
    } catch {
      // The client has shown why; the form keeps every value.
    }
  };

  const disabled = !canEdit;
  return (
    <Card>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t`Identity provider`}>
        <CardBody>
          <Stack gap={5} className="max-w-2xl py-2">
            {!canEdit && <p className="text-sm text-muted-foreground">{readOnlyReason}</p>}
            <div className="flex items-center gap-3">
              <Switch id={enabledId} checked={values.enabled} onCheckedChange={(checked) => set('enabled', checked)} disabled={disabled} />
              <label htmlFor={enabledId} className="text-sm font-medium">
                {t`Single sign-on enabled`}
              </label>
            </div>
            <FormField label={t`Protocol`}>
              <Select value={values.protocol} onValueChange={(protocol) => set('protocol', protocol as SsoProtocol)} disabled={disabled}>
                <SelectTrigger>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {ssoProtocols.map((protocol) => (
                    <SelectItem key={protocol} value={protocol}>
                      {protocol === 'oidc' ? t`OpenID Connect (OIDC)` : t`SAML 2.0`}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
            {config?.callbackUrl && (
              <FormField
                label={values.protocol === 'oidc' ? t`Redirect URI` : t`Assertion consumer service URL`}
                help={t`Register this address at your identity provider.`}
              >
                <div className="flex items-center gap-2">
                  <Input readOnly value={config.callbackUrl} className="font-mono text-xs" />
                  <CopyButton value={config.callbackUrl} />
                </div>
              </FormField>
            )}
            {values.protocol === 'oidc' ? (
              <>
                <FormField label={t`Issuer URL`} required error={errors.issuerUrl}>
                  <Input type="url" placeholder="https://login.example.com" value={values.issuerUrl} onChange={(e) => set('issuerUrl', e.target.value)} disabled={disabled} />
                </FormField>
                <FormField label={t`Client ID`} required error={errors.clientId}>
                  <Input value={values.clientId} onChange={(e) => set('clientId', e.target.value)} disabled={disabled} />
                </FormField>
                <FormField
                  label={t`Client secret`}
                  required={!secretStored}
                  error={errors.clientSecret}
                  help={secretStored ? t`A secret is stored. Leave this empty to keep it.` : undefined}
                >
                  <Input type="password" autoComplete="new-password" value={values.clientSecret} onChange={(e) => set('clientSecret', e.target.value)} disabled={disabled} />
                </FormField>
              </>
            ) : (
              <>
                <FormField label={t`Single sign-on URL`} required error={errors.ssoUrl}>
                  <Input type="url" value={values.ssoUrl} onChange={(e) => set('ssoUrl', e.target.value)} disabled={disabled} />
                </FormField>
                <FormField label={t`Identity provider entity ID`} required error={errors.entityId}>
                  <Input value={values.entityId} onChange={(e) => set('entityId', e.target.value)} disabled={disabled} />
                </FormField>
                <FormField label={t`X.509 certificate`} required error={errors.certificate}>
                  <Textarea
                    rows={6}
                    className="font-mono text-xs"
                    placeholder="-----BEGIN CERTIFICATE-----"
                    value={values.certificate}
                    onChange={(e) => set('certificate', e.target.value)}
                    disabled={disabled}
                  />
                </FormField>
              </>
            )}
            <FormField
              label={t`E-mail domains`}
              error={errors.emailDomains}
              help={t`Users with these e-mail domains are sent to this identity provider when they sign in.`}
            >
              <Input placeholder="example.com, example.org" value={values.emailDomains} onChange={(e) => set('emailDomains', e.target.value)} disabled={disabled} />
            </FormField>
          </Stack>
        </CardBody>
        <CardFooter>
          <Button type="submit" loading={save.isPending} disabled={disabled} title={disabled ? readOnlyReason : undefined}>
            {t`Save identity provider`}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

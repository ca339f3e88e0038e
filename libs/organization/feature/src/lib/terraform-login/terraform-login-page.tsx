import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Card,
  CardBody,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  CopyButton,
  FormField,
  Input,
  PageHeader,
  SecretReveal,
  Stack,
  toast,
} from '@terrace/design-system';
import { useCreatePersonalAccessTokenMutation, type PersonalAccessToken } from '@terrace/organization/data-access';
import { Terminal } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { PersonalAccessTokenList } from './personal-access-token-list';
import { expiresInDaysOf, TokenExpirySelect, type TokenExpiryChoice } from './token-expiry-select';

const MAX_NAME = 128;

export interface TerraformLoginPageProps {
  /** The host name Terraform asked for; defaults to the host serving the console. */
  host?: string;
}

/** Terraform's manual token flow: `terraform login <host>` opens this page and waits for a token. */
// The cards' titles are h3 elements in the design system; this page has no h2, so they announce
// themselves as level 2 (axe: heading-order).
export function TerraformLoginPage({ host = typeof window === 'undefined' ? '' : window.location.host }: TerraformLoginPageProps) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const create = useCreatePersonalAccessTokenMutation();
  const [name, setName] = useState(() => t`terraform login`);
  const [nameError, setNameError] = useState<string | null>(null);
  // Tokens for a workstation expire by default, so a forgotten laptop does not keep access for ever.
  const [expiry, setExpiry] = useState<TokenExpiryChoice>('90');
  const [token, setToken] = useState<PersonalAccessToken | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setNameError(t`Enter a name, for example the computer you run Terraform on.`);
      return;
    }
    if (trimmed.length > MAX_NAME) {
      setNameError(t`The name can be at most ${MAX_NAME} characters.`);
      return;
    }
    setNameError(null);
    try {
      setToken(await create.mutateAsync({ name: trimmed, expiresInDays: expiresInDaysOf(expiry) }));
      toast.success(t`Token created. Copy it now.`);
    } catch {
      // The client has shown why; the name stays in the field.
    }
  };

  const command = `terraform login ${host}`;

  return (
    <Stack gap={6} className="mx-auto w-full max-w-3xl p-6">
      <PageHeader
        title={t`Sign Terraform in to ${host}`}
        description={t`Create an API token for the Terraform CLI on your computer.`}
      />
      <Card>
        <CardHeader>
          <div>
            <CardTitle aria-level={2}>{t`Host`}</CardTitle>
            <CardDescription>{t`Terraform asked for a token for this host. Check that it is the one you meant.`}</CardDescription>
          </div>
          <Terminal className="size-5 text-muted-foreground" aria-hidden />
        </CardHeader>
        <CardBody>
          <Stack direction="row" gap={2} align="center">
            <code className="min-w-0 flex-1 rounded-md border border-border bg-muted px-3 py-2 font-mono text-sm" dir="ltr">
              {command}
            </code>
            <CopyButton text={command} variant="outline" label={t`Copy command`} />
          </Stack>
        </CardBody>
      </Card>
      {token?.token ? (
        <Card>
          <CardHeader>
            <CardTitle aria-level={2}>{t`Your token`}</CardTitle>
          </CardHeader>
          <CardBody>
            <Stack gap={4}>
              <SecretReveal secret={token.token} label={t`Token for ${host}`} />
              <ol className="flex list-decimal flex-col gap-1.5 ps-5 text-sm">
                <li>
                  <Trans>
                    Go back to your terminal, where Terraform shows <code className="font-mono">Token for {host}:</code>
                  </Trans>
                </li>
                <li>{t`Paste the token and press Enter. Nothing appears while you paste; that is expected.`}</li>
                <li>
                  <Trans>
                    Terraform saves it in <code className="font-mono">~/.terraform.d/credentials.tfrc.json</code> and uses it for this host from now on.
                  </Trans>
                </li>
              </ol>
              <p className="text-sm text-muted-foreground">
                {token.expiresAt
                  ? t`The token expires on ${i18n.date(token.expiresAt, { dateStyle: 'medium' })}. Run terraform login again to get a new one.`
                  : t`The token does not expire. Revoke it below when you no longer need it.`}
              </p>
            </Stack>
          </CardBody>
        </Card>
      ) : (
        <Card>
          <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={titleId}>
            <CardHeader>
              <div>
                <CardTitle id={titleId} aria-level={2}>
                  {t`Create a token`}
                </CardTitle>
                <CardDescription>{t`The token acts as you, with your role and permissions.`}</CardDescription>
              </div>
            </CardHeader>
            <CardBody>
              <Stack gap={4}>
                <FormField label={t`Token name`} required error={nameError} help={t`Helps you recognise the token later.`}>
                  <Input value={name} onChange={(event) => setName(event.target.value)} className="max-w-md" />
                </FormField>
                <FormField label={t`Expires after`}>
                  <TokenExpirySelect value={expiry} onValueChange={setExpiry} className="max-w-md" />
                </FormField>
              </Stack>
            </CardBody>
            <CardFooter>
              <Button type="submit" loading={create.isPending}>
                {t`Create token`}
              </Button>
            </CardFooter>
          </form>
        </Card>
      )}
      <Card>
        <CardHeader>
          <div>
            <CardTitle aria-level={2}>{t`Your personal access tokens`}</CardTitle>
            <CardDescription>{t`Tokens you created in this organization. Revoke the ones you no longer use.`}</CardDescription>
          </div>
        </CardHeader>
        <CardBody>
          <PersonalAccessTokenList onRevoked={(revoked) => revoked.id === token?.id && setToken(null)} />
        </CardBody>
      </Card>
    </Stack>
  );
}

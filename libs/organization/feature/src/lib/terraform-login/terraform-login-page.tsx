import { Trans, useLingui } from '@lingui/react/macro';
import {
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  CopyButton,
  PageHeader,
  SecretReveal,
  Stack,
  toast,
} from '@terrace/design-system';
import { useCreatePersonalAccessTokenMutation, type PersonalAccessToken } from '@terrace/organization/data-access';
import { Terminal } from 'lucide-react';
import { useState } from 'react';
import { PersonalAccessTokenList } from './personal-access-token-list';
import { TokenCreateForm } from './token-create-form';

export interface TerraformLoginPageProps {
  /** The host name Terraform asked for; defaults to the host serving the console. */
  host?: string;
}

/** Terraform's manual token flow: `terraform login <host>` opens this page and waits for a token. */
// The cards' titles are h3 elements in the design system; this page has no h2, so they announce
// themselves as level 2 (axe: heading-order).
export function TerraformLoginPage({ host = typeof window === 'undefined' ? '' : window.location.host }: TerraformLoginPageProps) {
  const { t, i18n } = useLingui();
  const create = useCreatePersonalAccessTokenMutation();
  const [token, setToken] = useState<PersonalAccessToken | null>(null);

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
            <CardTitle level={2}>{t`Host`}</CardTitle>
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
            <CardTitle level={2}>{t`Your token`}</CardTitle>
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
          <TokenCreateForm
            defaultName={t`terraform login`}
            onCreate={async (input) => {
              setToken(await create.mutateAsync(input));
              toast.success(t`Token created. Copy it now.`);
            }}
          />
        </Card>
      )}
      <Card>
        <CardHeader>
          <div>
            <CardTitle level={2}>{t`Your personal access tokens`}</CardTitle>
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

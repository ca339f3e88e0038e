import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ControlledField, Input, Select, SelectContent, SelectItem, SelectTrigger, SelectValue, Stack, useFormContext, useWatch } from '@terrace/design-system';
import { useApiClient } from '@terrace/session';
import { vcsQueries } from '@terrace/vcs/data-access';
import type { ReactNode } from 'react';

export interface VcsFieldsProps {
  /** Where the { providerId, repoName, branch, path } object sits in the form, e.g. 'vcsInfo'. */
  prefix: string;
  pathLabel: string;
  pathHelp: string;
  branchHelp?: string;
  children?: ReactNode;
}

/** Provider, repository (from the host), branch and path of a definition's code. */
export function VcsFields({ prefix, pathLabel, pathHelp, branchHelp, children }: VcsFieldsProps) {
  const { t } = useLingui();
  const client = useApiClient();
  const { setValue } = useFormContext();
  const providerId = (useWatch({ name: `${prefix}.providerId` }) as string | undefined) ?? '';
  const providers = useQuery(vcsQueries.providers(client));
  const repos = useQuery(vcsQueries.repos(client, providerId));
  return (
    <Stack gap={5} className="max-w-xl">
      <ControlledField name={`${prefix}.providerId`} label={t`VCS provider`} required>
        {(field) => (
          <Select
            value={(field.value as string) || undefined}
            onValueChange={(value) => {
              field.onChange(value);
              setValue(`${prefix}.repoName`, '', { shouldDirty: true });
            }}
          >
            <SelectTrigger ref={field.ref}>
              <SelectValue placeholder={providers.isPending ? t`Loading providers…` : t`Choose a provider`} />
            </SelectTrigger>
            <SelectContent>
              {(providers.data ?? []).map((provider) => (
                <SelectItem key={provider.id} value={provider.id}>
                  {provider.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </ControlledField>
      <ControlledField name={`${prefix}.repoName`} label={t`Repository`} required>
        {(field) => (
          <Select value={(field.value as string) || undefined} onValueChange={field.onChange} disabled={!providerId}>
            <SelectTrigger ref={field.ref}>
              <SelectValue placeholder={providerId && repos.isPending ? t`Loading repositories…` : t`Choose a repository`} />
            </SelectTrigger>
            <SelectContent>
              {(repos.data?.items ?? []).map((repo) => (
                <SelectItem key={repo.name} value={repo.name}>
                  {repo.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </ControlledField>
      <ControlledField name={`${prefix}.branch`} label={t`Branch`} help={branchHelp ?? t`Empty: the repository's default branch.`}>
        {(field) => <Input {...field} value={(field.value as string) ?? ''} />}
      </ControlledField>
      <ControlledField name={`${prefix}.path`} label={pathLabel} help={pathHelp}>
        {(field) => <Input {...field} value={(field.value as string) ?? ''} />}
      </ControlledField>
      {children}
    </Stack>
  );
}

import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ControlledField, Input, OptionSelect, SelectField, Stack, useFormContext, useWatch } from '@terrace/design-system';
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
      <SelectField
        name={`${prefix}.providerId`}
        label={t`VCS provider`}
        required
        onValueChange={() => setValue(`${prefix}.repoName`, '', { shouldDirty: true })}
        placeholder={providers.isPending ? t`Loading providers…` : t`Choose a provider`}
        options={(providers.data ?? []).map((provider) => ({ value: provider.id, label: provider.name }))}
      />
      <ControlledField name={`${prefix}.repoName`} label={t`Repository`} required>
        {(field) => (
          <OptionSelect
            ref={field.ref}
            value={field.value as string}
            onValueChange={field.onChange}
            disabled={!providerId}
            placeholder={providerId && repos.isPending ? t`Loading repositories…` : t`Choose a repository`}
            options={repoOptions(repos.data?.items ?? [], field.value as string)}
          />
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

/**
 * The provider's repositories, and the one already chosen when the host's list does not hold it (a
 * definition edited after its repository left the first page, or the host): the field shows it.
 */
function repoOptions(repos: readonly { name: string }[], chosen: string | undefined) {
  const options = repos.map((repo) => ({ value: repo.name, label: repo.name }));
  return chosen && !repos.some((repo) => repo.name === chosen) ? [...options, { value: chosen, label: chosen }] : options;
}

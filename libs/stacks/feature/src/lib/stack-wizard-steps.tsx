import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  Badge,
  Button,
  ControlledField,
  Input,
  Label,
  MultiSelect,
  OptionSelect,
  SelectField,
  Skeleton,
  Stack,
  Switch,
  Textarea,
  useFormContext,
  useWatch,
} from '@terrace/design-system';
import { ttlTypes } from '@terrace/domain';
import type { Namespace } from '@terrace/namespaces/data-access';
import { organizationQueries } from '@terrace/organization/data-access';
import { useAccess, useApiClient } from '@terrace/session';
import { iacTypes } from '@terrace/stacks/data-access';
import { vcsQueries } from '@terrace/vcs/data-access';
import { Folder, FolderUp } from 'lucide-react';
import { lazy, Suspense, useId } from 'react';
import { effectiveSettings } from './effective-settings';
import type { StackFormValues } from './stack-form';
import { useRunnerGroupOptions } from './runner-groups';
import { iacTypeLabels, ttlTypeLabels } from './stack-labels';

// The wizard's later steps (code, engine, settings, time to live), in a module the wizard loads at
// the user's first press or key (stack-wizard-page.tsx, stack-wizard-later.ts): their selects, switch and
// multi-selects stay out of the page's first load.

const NONE = 'none';

// The version picker is Radix's own select, for its labelled groups of versions: it is a download
// of its own (the Radix select, popper and focus code), which starts as soon as these steps load.
const loadVersionField = () => import('./stack-version-field');
const StackVersionField = lazy(() => loadVersionField().then((m) => ({ default: m.StackVersionField })));
void loadVersionField();

/** VCS provider → repository → branch → path, browsed from the real repository. */
export function StackCodeStep() {
  const { t } = useLingui();
  const client = useApiClient();
  const { setValue } = useFormContext<StackFormValues>();
  const vcs = useWatch<StackFormValues, 'vcs'>({ name: 'vcs' });
  const providers = useQuery(vcsQueries.providers(client));
  const repos = useQuery(vcsQueries.repos(client, vcs.providerId));
  const branches = useQuery(vcsQueries.branches(client, vcs.providerId, vcs.repoName));
  const tree = useQuery(vcsQueries.tree(client, vcs.providerId, { repoName: vcs.repoName, branch: vcs.branch, path: vcs.path }));
  const folders = (tree.data ?? []).filter((entry) => entry.type === 'directory');
  const parent = vcs.path.includes('/') ? vcs.path.slice(0, vcs.path.lastIndexOf('/')) : '';
  const set = (name: 'vcs.providerId' | 'vcs.repoName' | 'vcs.branch' | 'vcs.path', value: string) =>
    setValue(name, value, { shouldDirty: true, shouldValidate: false });

  return (
    <Stack gap={5} className="max-w-xl">
      <ControlledField<StackFormValues, 'vcs.providerId'>
        name="vcs.providerId"
        label={t`VCS provider`}
        help={t`Leave it empty to connect the code later.`}
      >
        {(field) => (
          <OptionSelect
            ref={field.ref}
            value={field.value || NONE}
            onValueChange={(value) => {
              field.onChange(value === NONE ? '' : value);
              set('vcs.repoName', '');
              set('vcs.branch', '');
              set('vcs.path', '');
            }}
            options={[
              { value: NONE, label: t`No repository yet` },
              ...(providers.data ?? []).map((provider) => ({ value: provider.id, label: provider.name })),
            ]}
          />
        )}
      </ControlledField>
      {vcs.providerId && (
        <SelectField<StackFormValues, 'vcs.repoName'>
          name="vcs.repoName"
          label={t`Repository`}
          required
          onValueChange={(value) => {
            const repo = repos.data?.items.find((r) => r.name === value);
            set('vcs.branch', repo?.defaultBranch ?? '');
            set('vcs.path', '');
          }}
          placeholder={repos.isPending ? t`Loading repositories…` : t`Choose a repository`}
          options={(repos.data?.items ?? []).map((repo) => ({ value: repo.name, label: repo.name }))}
        />
      )}
      {vcs.providerId && vcs.repoName && (
        <SelectField<StackFormValues, 'vcs.branch'>
          name="vcs.branch"
          label={t`Branch`}
          required
          onValueChange={() => set('vcs.path', '')}
          placeholder={t`Choose a branch`}
          options={(branches.data ?? []).map((branch) => ({ value: branch.name, label: branch.name }))}
        />
      )}
      {vcs.providerId && vcs.repoName && vcs.branch && (
        <div className="flex flex-col gap-2">
          <ControlledField<StackFormValues, 'vcs.path'> name="vcs.path" label={t`Path`} help={t`The folder of the stack's code; empty is the repository's root.`}>
            {(field) => <Input {...field} placeholder="/" />}
          </ControlledField>
          <nav aria-label={t`Folders of ${vcs.path || '/'}`} className="rounded-md border border-border">
            {tree.isPending ? (
              <Skeleton className="h-24 w-full" />
            ) : (
              <ul className="divide-y divide-border text-sm">
                {vcs.path && (
                  <li>
                    <Button variant="ghost" className="w-full justify-start" onClick={() => set('vcs.path', parent)}>
                      <FolderUp aria-hidden />
                      {t`Parent folder`}
                    </Button>
                  </li>
                )}
                {folders.map((entry) => (
                  <li key={entry.path}>
                    <Button variant="ghost" className="w-full justify-start" onClick={() => set('vcs.path', entry.path)}>
                      <Folder aria-hidden />
                      {entry.name}
                    </Button>
                  </li>
                ))}
                {folders.length === 0 && <li className="p-3 text-muted-foreground">{t`No folders here.`}</li>}
              </ul>
            )}
          </nav>
        </div>
      )}
    </Stack>
  );
}

export function StackEngineStep({ namespace }: { namespace: Namespace | undefined }) {
  const { t, i18n } = useLingui();
  const iacType = useWatch<StackFormValues, 'iacType'>({ name: 'iacType' });
  const inherited = effectiveSettings({ iacType, data: {} }, namespace).iacVersion;
  return (
    <Stack gap={5} className="max-w-xl">
      <SelectField<StackFormValues, 'iacType'>
        name="iacType"
        label={t`Engine`}
        required
        options={iacTypes.map((type) => ({ value: type, label: i18n._(iacTypeLabels[type]) }))}
      />
      <Suspense fallback={<Skeleton className="h-16 w-full" />}>
        <StackVersionField iacType={iacType} inherited={inherited} />
      </Suspense>
      <ControlledField<StackFormValues, 'varFiles'> name="varFiles" label={t`Var files`} help={t`One path per line, relative to the stack's folder.`}>
        {(field) => <Textarea {...field} rows={3} className="font-mono" />}
      </ControlledField>
    </Stack>
  );
}

function InheritedBadge({ value, locked }: { value: string | undefined; locked: boolean }) {
  const { t } = useLingui();
  return (
    <span className="flex flex-wrap gap-1">
      <Badge size="sm">{value ? t`from namespace: ${value}` : t`from namespace`}</Badge>
      {locked && (
        <Badge size="sm" tone="outline">
          {t`locked by the namespace`}
        </Badge>
      )}
    </span>
  );
}

/** The runner groups of a self-hosted stack, chosen from the options one function gives (runner-groups.ts). */
function RunnerGroupsField() {
  const { t } = useLingui();
  const chosen = useWatch<StackFormValues, 'runnerGroups'>({ name: 'runnerGroups' });
  const { options, isPending } = useRunnerGroupOptions(chosen);
  return (
    <ControlledField<StackFormValues, 'runnerGroups'> name="runnerGroups" label={t`Runner groups`} required help={t`The self-hosted runner groups that may run this stack.`}>
      {(field) => (
        <MultiSelect
          options={options}
          value={field.value}
          onValueChange={field.onChange}
          placeholder={isPending ? t`Loading runner groups…` : t`Choose runner groups`}
        />
      )}
    </ControlledField>
  );
}

/** The teams whose approval a deployment of the stack needs, from the organization's teams. */
function ApprovalTeamsField() {
  const { t } = useLingui();
  const client = useApiClient();
  const mayList = useAccess('team:read').allowed;
  const teams = useQuery({ ...organizationQueries.teams(client), enabled: mayList });
  const chosen = useWatch<StackFormValues, 'approvalTeams'>({ name: 'approvalTeams' });
  // A team the stack already names stays shown (by id) when the list does not have it.
  const options = [
    ...(teams.data ?? []).map((team) => ({ value: team.id, label: team.name })),
    ...chosen.filter((id) => !teams.data?.some((team) => team.id === id)).map((id) => ({ value: id, label: id })),
  ];
  return (
    <ControlledField<StackFormValues, 'approvalTeams'>
      name="approvalTeams"
      label={t`Approving teams`}
      required
      help={teams.isSuccess && teams.data.length === 0 ? t`The organization has no teams yet. Create teams in the organization settings first.` : t`A member of each chosen team must approve.`}
    >
      {(field) => (
        <MultiSelect
          options={options}
          value={field.value}
          onValueChange={field.onChange}
          placeholder={mayList && teams.isPending ? t`Loading teams…` : t`Choose teams`}
        />
      )}
    </ControlledField>
  );
}

export function StackSettingsStep({ namespace }: { namespace: Namespace | undefined }) {
  const { t } = useLingui();
  const runnerMode = useWatch<StackFormValues, 'runnerMode'>({ name: 'runnerMode' });
  const approval = useWatch<StackFormValues, 'approval'>({ name: 'approval' });
  const inherited = effectiveSettings({ iacType: 'terraform', data: {} }, namespace);
  const inherit = t`Inherit`;
  const capabilityLabels = { deployOnPush: t`Deploy on push`, planOnPr: t`Plan on pull request`, driftDetection: t`Drift detection` } as const;
  return (
    <Stack gap={5} className="max-w-xl">
      <ControlledField<StackFormValues, 'runnerMode'> name="runnerMode" label={t`Runner`} help={<InheritedBadge value={inherited.runner.value} locked={inherited.runner.locked} />}>
        {(field) => (
          <OptionSelect
            ref={field.ref}
            value={inherited.runner.locked ? 'inherit' : field.value}
            onValueChange={field.onChange}
            disabled={inherited.runner.locked}
            options={[
              { value: 'inherit', label: inherit },
              { value: 'managed', label: t`Managed runners` },
              { value: 'selfHosted', label: t`Self-hosted runners` },
            ]}
          />
        )}
      </ControlledField>
      {runnerMode === 'selfHosted' && !inherited.runner.locked && <RunnerGroupsField />}
      <ControlledField<StackFormValues, 'approval'> name="approval" label={t`Approval policy`} help={<InheritedBadge value={inherited.approval.value} locked={inherited.approval.locked} />}>
        {(field) => (
          <OptionSelect
            ref={field.ref}
            value={inherited.approval.locked ? 'inherit' : field.value}
            onValueChange={field.onChange}
            disabled={inherited.approval.locked}
            options={[
              { value: 'inherit', label: inherit },
              { value: 'requireApproval', label: t`Require approval` },
              { value: 'requireTwoApprovals', label: t`Require two approvals` },
              { value: 'requireTeamsApproval', label: t`Require approval by teams` },
              { value: 'autoApprove', label: t`Approve automatically` },
            ]}
          />
        )}
      </ControlledField>
      {approval === 'requireTeamsApproval' && !inherited.approval.locked && <ApprovalTeamsField />}
      {(['deployOnPush', 'planOnPr', 'driftDetection'] as const).map((name) => (
        <ControlledField<StackFormValues, `capabilities.${typeof name}`>
          key={name}
          name={`capabilities.${name}`}
          label={capabilityLabels[name]}
          help={<InheritedBadge value={inherited[name].value} locked={inherited[name].locked} />}
        >
          {(field) => (
            <OptionSelect
              ref={field.ref}
              value={inherited[name].locked ? 'inherit' : field.value}
              onValueChange={field.onChange}
              disabled={inherited[name].locked}
              options={[
                { value: 'inherit', label: inherit },
                { value: 'enabled', label: t`On` },
                { value: 'disabled', label: t`Off` },
              ]}
            />
          )}
        </ControlledField>
      ))}
    </Stack>
  );
}

export function StackTtlStep() {
  const { t, i18n } = useLingui();
  const id = useId();
  const { setValue } = useFormContext<StackFormValues>();
  const enabled = useWatch<StackFormValues, 'ttl.enabled'>({ name: 'ttl.enabled' });
  return (
    <Stack gap={5} className="max-w-xl">
      <div className="flex items-center gap-3">
        <Switch id={`${id}-ttl`} checked={enabled} onCheckedChange={(on) => setValue('ttl.enabled', on, { shouldDirty: true })} />
        <Label htmlFor={`${id}-ttl`}>{t`Ephemeral: destroy the stack after a time to live`}</Label>
      </div>
      {enabled && (
        <div className="grid grid-cols-2 gap-3">
          <ControlledField<StackFormValues, 'ttl.value'> name="ttl.value" label={t`Time to live`} required>
            {(field) => <Input {...field} inputMode="numeric" />}
          </ControlledField>
          <SelectField<StackFormValues, 'ttl.type'>
            name="ttl.type"
            label={t`Unit`}
            required
            options={ttlTypes.map((type) => ({ value: type, label: i18n._(ttlTypeLabels[type]) }))}
          />
        </div>
      )}
    </Stack>
  );
}

/** The later step the wizard shows (the module's one entry: the wizard loads it on first input). */
export function StackLaterStep({ step, namespace }: { step: 'code' | 'engine' | 'settings' | 'ttl'; namespace: Namespace | undefined }) {
  switch (step) {
    case 'code':
      return <StackCodeStep />;
    case 'engine':
      return <StackEngineStep namespace={namespace} />;
    case 'settings':
      return <StackSettingsStep namespace={namespace} />;
    case 'ttl':
      return <StackTtlStep />;
  }
}

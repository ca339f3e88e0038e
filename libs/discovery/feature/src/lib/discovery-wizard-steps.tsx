import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  ControlledField,
  Input,
  Label,
  OptionSelect,
  RadioGroup,
  RadioGroupItem,
  SelectField,
  Stack,
  Switch,
  useController,
  useFieldArray,
  useFormContext,
  useWatch,
} from '@terrace/design-system';
import { useApiClient } from '@terrace/session';
import { vcsQueries } from '@terrace/vcs/data-access';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { emptyPattern, type DiscoveryFormValues } from './discovery-form';
import { discoveryModeLabels } from './discovery-mode-labels';

// The discovery wizard's steps after the first, in a module of their own: the repositories and
// stack configuration steps bring the VCS provider's queries, a radio group and a switch, which the
// first step does not show. The wizard loads them once the user starts on the form.

export function DiscoveryPatternsStep() {
  const { t } = useLingui();
  const { control } = useFormContext<DiscoveryFormValues>();
  const patterns = useFieldArray({ control, name: 'vcsPatterns' });
  return (
    <Stack gap={4} className="max-w-2xl">
      {patterns.fields.map((pattern, index) => (
        <fieldset key={pattern.id} className="flex flex-col gap-3 rounded-md border border-border p-4">
          <legend className="px-1 text-sm font-medium">{t`Repository ${index + 1}`}</legend>
          <PatternFields index={index} />
          {patterns.fields.length > 1 && (
            <div>
              <Button variant="ghost" size="sm" onClick={() => patterns.remove(index)}>
                <Trash2 aria-hidden />
                {t`Remove repository`}
              </Button>
            </div>
          )}
        </fieldset>
      ))}
      <div>
        <Button variant="outline" onClick={() => patterns.append(emptyPattern())}>
          <Plus aria-hidden />
          {t`Add repository`}
        </Button>
      </div>
    </Stack>
  );
}

function PatternFields({ index }: { index: number }) {
  const { t } = useLingui();
  const client = useApiClient();
  const { setValue } = useFormContext<DiscoveryFormValues>();
  const providerId = useWatch<DiscoveryFormValues, `vcsPatterns.${number}.providerId`>({ name: `vcsPatterns.${index}.providerId` });
  const providers = useQuery(vcsQueries.providers(client));
  const repos = useQuery(vcsQueries.repos(client, providerId));
  return (
    <>
      <SelectField<DiscoveryFormValues, `vcsPatterns.${number}.providerId`>
        name={`vcsPatterns.${index}.providerId`}
        label={t`VCS provider`}
        required
        onValueChange={() => setValue(`vcsPatterns.${index}.repoName`, '')}
        placeholder={t`Choose a provider`}
        options={(providers.data ?? []).map((provider) => ({ value: provider.id, label: provider.name }))}
      />
      <ControlledField<DiscoveryFormValues, `vcsPatterns.${number}.repoName`> name={`vcsPatterns.${index}.repoName`} label={t`Repository`} required>
        {(field) => (
          <OptionSelect
            ref={field.ref}
            value={field.value}
            onValueChange={field.onChange}
            disabled={!providerId}
            placeholder={t`Choose a repository`}
            options={repoOptions(repos.data?.items ?? [], field.value)}
          />
        )}
      </ControlledField>
      <ControlledField<DiscoveryFormValues, `vcsPatterns.${number}.branch`> name={`vcsPatterns.${index}.branch`} label={t`Branch`} help={t`Empty: the repository's default branch.`}>
        {(field) => <Input {...field} dir="ltr" />}
      </ControlledField>
      <ControlledField<DiscoveryFormValues, `vcsPatterns.${number}.pathPatterns`>
        name={`vcsPatterns.${index}.pathPatterns`}
        label={t`Path patterns`}
        required
        help={t`Comma-separated; each starts with */ or **/, contains /*/ or /**/, or ends with /**, e.g. envs/*/**.`}
      >
        {(field) => <Input {...field} dir="ltr" />}
      </ControlledField>
      <ControlledField<DiscoveryFormValues, `vcsPatterns.${number}.excludePathPatterns`>
        name={`vcsPatterns.${index}.excludePathPatterns`}
        label={t`Exclude patterns`}
        help={t`Comma-separated folders to skip, e.g. envs/legacy/**.`}
      >
        {(field) => <Input {...field} dir="ltr" />}
      </ControlledField>
    </>
  );
}

/**
 * The provider's repositories, and the one already chosen when the host's list does not hold it (a
 * configuration edited after its repository left the first page, or the host): the field shows it.
 */
function repoOptions(repos: readonly { name: string }[], chosen: string) {
  const options = repos.map((repo) => ({ value: repo.name, label: repo.name }));
  return chosen && !repos.some((repo) => repo.name === chosen) ? [...options, { value: chosen, label: chosen }] : options;
}

const engines = [
  ['terraform', 'Terraform'],
  ['opentofu', 'OpenTofu'],
  ['terragrunt', 'Terragrunt'],
] as const;

/** The wizard's last step: what a scan does with a new folder, and the stacks it makes. */
export function DiscoveryStackConfigStep() {
  const { t, i18n } = useLingui();
  const id = useId();
  const { control } = useFormContext<DiscoveryFormValues>();
  const mode = useController({ control, name: 'mode' });
  return (
    <Stack gap={4} className="max-w-xl">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">{t`When a scan finds a new folder`}</legend>
        <RadioGroup value={mode.field.value} onValueChange={(value) => mode.field.onChange(value)}>
          {(['create', 'propose'] as const).map((value) => (
            <div key={value} className="flex items-start gap-3">
              <RadioGroupItem id={`${id}-${value}`} value={value} aria-describedby={`${id}-${value}-help`} className="mt-0.5" />
              <div className="flex flex-col">
                <Label htmlFor={`${id}-${value}`}>{i18n._(discoveryModeLabels[value].label)}</Label>
                <span id={`${id}-${value}-help`} className="text-sm text-muted-foreground">
                  {i18n._(discoveryModeLabels[value].help)}
                </span>
              </div>
            </div>
          ))}
        </RadioGroup>
      </fieldset>
      <SelectField<DiscoveryFormValues, 'stackConfig.iacType'>
        name="stackConfig.iacType"
        label={t`Engine`}
        required
        options={engines.map(([value, label]) => ({ value, label }))}
      />
      <ControlledField<DiscoveryFormValues, 'stackConfig.iacVersion'> name="stackConfig.iacVersion" label={t`Version`} help={t`An exact version such as 1.8.5, or latest; empty uses the namespace's.`}>
        {(field) => <Input {...field} dir="ltr" />}
      </ControlledField>
      <ControlledField<DiscoveryFormValues, 'stackConfig.deployOnPush'> name="stackConfig.deployOnPush" label={t`Deploy on push`}>
        {(field) => (
          <div className="flex items-center gap-2">
            <Switch id={`${id}-push`} ref={field.ref} checked={field.value} onCheckedChange={field.onChange} />
            <Label htmlFor={`${id}-push`}>{t`Deploy the discovered stacks when their folder changes`}</Label>
          </div>
        )}
      </ControlledField>
    </Stack>
  );
}

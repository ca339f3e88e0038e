import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  ControlledField,
  Input,
  Label,
  RadioGroup,
  RadioGroupItem,
  SelectField,
  Stack,
  Switch,
  Textarea,
  useController,
  useFieldArray,
  useFormContext,
  useFormState,
  useWatch,
} from '@terrace/design-system';
import { conditionOperators } from '@terrace/domain';
import { policiesQueries } from '@terrace/policies/data-access';
import { policyTypeDescriptions, policyTypeLabels } from '@terrace/policies/ui';
import { useApiClient } from '@terrace/session';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import type { ControlPolicyFormValues } from './control-policy-form';

type Values = ControlPolicyFormValues;

/** The rules of the chosen policy type: one form per type of spec §9. */
export function ControlPolicyRulesStep() {
  const { t, i18n } = useLingui();
  const type = useWatch<Values, 'type'>({ name: 'type' });
  if (type === '') return <p className="text-sm text-muted-foreground">{t`Choose the kind of policy first.`}</p>;
  return (
    <Stack gap={4} className="max-w-3xl">
      <div>
        <h3 className="text-base font-semibold">{i18n._(policyTypeLabels[type])}</h3>
        <p className="text-sm text-muted-foreground">{i18n._(policyTypeDescriptions[type])}</p>
      </div>
      {type === 'deny_resource_deletion' && (
        <ListField name="resourceTypes" label={t`Resource types`} help={t`One Terraform resource type per line, e.g. aws_db_instance. Leave empty to protect every resource.`} />
      )}
      {(type === 'allowed_resource_types' || type === 'denied_resource_types') && (
        <ListField name="resourceTypes" label={t`Resource types`} required help={t`One Terraform resource type per line, e.g. aws_s3_bucket.`} />
      )}
      {(type === 'aws_allowed_regions' || type === 'aws_denied_regions') && (
        <ListField name="regions" label={t`Regions`} required help={t`One AWS region per line, e.g. eu-west-1.`} />
      )}
      {(type === 'aws_required_tags' || type === 'azure_required_tags') && <TagRules />}
      {type === 'deny_cost_increase' && <CostIncrease />}
      {type === 'resource_property_condition' && <PropertyConditions />}
      {type === 'module_rules' && <ModuleRules />}
      {type === 'opa' && <OpaSource />}
    </Stack>
  );
}

function ListField({ name, label, help, required }: { name: 'resourceTypes' | 'regions' | 'moduleRules.allowedSources' | 'moduleRules.deniedModules'; label: string; help: string; required?: boolean }) {
  return (
    <ControlledField<Values, typeof name> name={name} label={label} help={help} required={required}>
      {(field) => <Textarea rows={4} dir="ltr" className="font-mono" {...field} />}
    </ControlledField>
  );
}

/**
 * The list's own error ('at least one…'), not its rows': each row's field shows its own message,
 * so a row's error found under the list would be said twice.
 */
function GroupError({ name }: { name: 'tags' | 'propertyConditions' }) {
  const { control } = useFormContext<Values>();
  const { errors } = useFormState({ control, name });
  const list = errors[name] as { message?: unknown; root?: { message?: unknown } } | undefined;
  const error = typeof list?.message === 'string' ? list.message : typeof list?.root?.message === 'string' ? list.root.message : undefined;
  return error ? <p className="text-xs font-medium text-danger-subtle-foreground">{error}</p> : null;
}

function TagRules() {
  const { t } = useLingui();
  const { control } = useFormContext<Values>();
  const rows = useFieldArray({ control, name: 'tags' });
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">{t`Required tags`}</legend>
      <p className="text-sm text-muted-foreground">{t`Keys and values are case-sensitive and may be regular expressions. Leave the values empty to accept any value.`}</p>
      {rows.fields.map((row, index) => (
        <div key={row.id} className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]" data-testid="tag-rule">
          <ControlledField<Values, `tags.${number}.key`> name={`tags.${index}.key`} label={t`Tag key ${index + 1}`} required>
            {(field) => <Input dir="ltr" {...field} />}
          </ControlledField>
          <ControlledField<Values, `tags.${number}.values`> name={`tags.${index}.values`} label={t`Allowed values ${index + 1}`} help={t`Comma-separated.`}>
            {(field) => <Input dir="ltr" {...field} />}
          </ControlledField>
          <Button type="button" variant="ghost" size="icon" className="mt-6" aria-label={t`Remove tag ${index + 1}`} onClick={() => rows.remove(index)}>
            <Trash2 aria-hidden />
          </Button>
        </div>
      ))}
      <GroupError name="tags" />
      <div>
        <Button type="button" variant="outline" onClick={() => rows.append({ key: '', values: '' })}>
          <Plus aria-hidden />
          {t`Add tag`}
        </Button>
      </div>
    </fieldset>
  );
}

function CostIncrease() {
  const { t } = useLingui();
  const id = useId();
  const { control } = useFormContext<Values>();
  const unit = useController({ control, name: 'costIncrease.type' });
  return (
    <Stack gap={4}>
      <RadioGroup aria-label={t`Measure the increase as`} value={unit.field.value} onValueChange={unit.field.onChange}>
        <div className="flex items-center gap-2">
          <RadioGroupItem id={`${id}-percent`} value="percent" />
          <Label htmlFor={`${id}-percent`}>{t`A percentage of the current monthly cost`}</Label>
        </div>
        <div className="flex items-center gap-2">
          <RadioGroupItem id={`${id}-amount`} value="amount" />
          <Label htmlFor={`${id}-amount`}>{t`An amount in USD per month`}</Label>
        </div>
      </RadioGroup>
      <ControlledField<Values, 'costIncrease.value'>
        name="costIncrease.value"
        label={unit.field.value === 'percent' ? t`Largest increase allowed (%)` : t`Largest increase allowed (USD per month)`}
        required
        help={t`Checked only when the run has a cost estimate.`}
      >
        {(field) => <Input inputMode="decimal" dir="ltr" className="max-w-40" {...field} />}
      </ControlledField>
    </Stack>
  );
}


function PropertyConditions() {
  const { t } = useLingui();
  const { control } = useFormContext<Values>();
  const rows = useFieldArray({ control, name: 'propertyConditions' });
  const labels: Record<(typeof conditionOperators)[number], string> = {
    ne: t`is not equal to`,
    lt: t`is less than`,
    lte: t`is at most`,
    gt: t`is greater than`,
    gte: t`is at least`,
    startsWith: t`starts with`,
    contains: t`contains`,
    in: t`is one of`,
    match: t`matches the regex`,
    boolean: t`is true or false`,
  };
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">{t`Conditions`}</legend>
      <p className="text-sm text-muted-foreground">{t`A planned resource of the type fails when its property does not meet the condition. An ARN compared by its start must begin with arn:aws:; an object or list value is written as JSON.`}</p>
      {rows.fields.map((row, index) => (
        <div key={row.id} className="grid items-start gap-3 rounded-md border border-border p-3 sm:grid-cols-2" data-testid="property-condition">
          <ControlledField<Values, `propertyConditions.${number}.resourceType`> name={`propertyConditions.${index}.resourceType`} label={t`Resource type`} required>
            {(field) => <Input dir="ltr" {...field} />}
          </ControlledField>
          <ControlledField<Values, `propertyConditions.${number}.property`> name={`propertyConditions.${index}.property`} label={t`Property`} required>
            {(field) => <Input dir="ltr" {...field} />}
          </ControlledField>
          <SelectField<Values, `propertyConditions.${number}.operator`>
            name={`propertyConditions.${index}.operator`}
            label={t`Operator`}
            required
            placeholder={t`Select operator`}
            options={conditionOperators.map((op) => ({ value: op, label: labels[op] }))}
          />
          <ControlledField<Values, `propertyConditions.${number}.value`> name={`propertyConditions.${index}.value`} label={t`Value`}>
            {(field) => <Input dir="ltr" {...field} />}
          </ControlledField>
          <div className="sm:col-span-2">
            <Button type="button" variant="ghost" onClick={() => rows.remove(index)}>
              <Trash2 aria-hidden />
              {t`Remove condition ${index + 1}`}
            </Button>
          </div>
        </div>
      ))}
      <GroupError name="propertyConditions" />
      <div>
        <Button type="button" variant="outline" onClick={() => rows.append({ resourceType: '', property: '', operator: '', value: '' })}>
          <Plus aria-hidden />
          {t`Add condition`}
        </Button>
      </div>
    </fieldset>
  );
}

function ModuleRules() {
  const { t } = useLingui();
  const id = useId();
  const { control } = useFormContext<Values>();
  const registry = useController({ control, name: 'moduleRules.requireRegistryModules' });
  return (
    <Stack gap={4}>
      <ListField name="moduleRules.allowedSources" label={t`Allowed module sources`} help={t`One source prefix per line, e.g. git::https://git.example.com/platform/. Empty allows any source.`} />
      <ListField name="moduleRules.deniedModules" label={t`Denied modules`} help={t`One module source per line that stacks may not use.`} />
      <div className="flex items-center gap-3">
        <Switch id={`${id}-registry`} checked={registry.field.value} onCheckedChange={registry.field.onChange} />
        <Label htmlFor={`${id}-registry`}>{t`Only modules from the private registry`}</Label>
      </div>
    </Stack>
  );
}

function OpaSource() {
  const { t } = useLingui();
  const id = useId();
  const client = useApiClient();
  const { control } = useFormContext<Values>();
  const source = useController({ control, name: 'opa.source' });
  const providers = useQuery({ ...policiesQueries.vcsProviders(client), enabled: source.field.value === 'vcs' });
  return (
    <Stack gap={4}>
      <RadioGroup aria-label={t`Where the Rego policy comes from`} value={source.field.value} onValueChange={source.field.onChange}>
        <div className="flex items-center gap-2">
          <RadioGroupItem id={`${id}-inline`} value="inline" />
          <Label htmlFor={`${id}-inline`}>{t`Written here`}</Label>
        </div>
        <div className="flex items-center gap-2">
          <RadioGroupItem id={`${id}-vcs`} value="vcs" />
          <Label htmlFor={`${id}-vcs`}>{t`From a repository path`}</Label>
        </div>
      </RadioGroup>
      {source.field.value === 'inline' ? (
        <ControlledField<Values, 'opa.rego'> name="opa.rego" label={t`Rego policy`} required help={t`Evaluated by OPA on the runner against the plan JSON.`}>
          {(field) => <Textarea rows={10} dir="ltr" spellCheck={false} className="font-mono" {...field} />}
        </ControlledField>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField<Values, 'opa.providerId'>
            name="opa.providerId"
            label={t`VCS provider`}
            required
            placeholder={providers.isPending ? t`Loading…` : t`Choose a provider`}
            options={(providers.data ?? []).map((provider) => ({ value: provider.id, label: provider.name }))}
          />
          <ControlledField<Values, 'opa.repoName'> name="opa.repoName" label={t`Repository`} required>
            {(field) => <Input dir="ltr" placeholder="acme/policies" {...field} />}
          </ControlledField>
          <ControlledField<Values, 'opa.branch'> name="opa.branch" label={t`Branch`} help={t`Empty: the default branch.`}>
            {(field) => <Input dir="ltr" {...field} />}
          </ControlledField>
          <ControlledField<Values, 'opa.path'> name="opa.path" label={t`Path`} required help={t`A .rego file or a directory of them.`}>
            {(field) => <Input dir="ltr" placeholder="policies/terraform" {...field} />}
          </ControlledField>
        </div>
      )}
      <ControlledField<Values, 'opa.query'> name="opa.query" label={t`Query`} help={t`The rule whose results are violations; empty uses data.terrace.deny.`}>
        {(field) => <Input dir="ltr" className="font-mono" {...field} />}
      </ControlledField>
    </Stack>
  );
}

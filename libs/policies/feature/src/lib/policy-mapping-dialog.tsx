import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  ControlledField,
  FormDialog,
  Input,
  Label,
  RadioGroup,
  RadioGroupItem,
  SelectField,
  useContractForm,
  useController,
  useFieldArray,
  useWatch,
} from '@terrace/design-system';
import { policiesQueries, policyEnforcementLevels, policyGroupSeverities, policyTargetTypes, type PolicyMapping, type PolicySubject } from '@terrace/policies/data-access';
import { enforcementDescriptions, enforcementLabels } from '@terrace/policies/ui';
import { severityFromGroupSeverity } from '@terrace/domain';
import { useApiClient } from '@terrace/session';
import { Plus, Trash2 } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { emptyMappingForm, formToMapping, mappingToForm, policyMappingSchema, type PolicyMappingValues } from './policy-mapping-form';

export interface PolicyMappingDialogProps {
  subject: PolicySubject;
  /** The mapping being edited; absent to add one. */
  mapping?: PolicyMapping;
  /** A group's policies, for per-stack overrides. */
  groupPolicies?: { id: string; name: string }[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Resolves once saved; a rejection keeps the dialog open. */
  onSave: (mapping: PolicyMapping) => Promise<unknown>;
}

/** Where a policy or a group applies (a namespace or a stack) and how strictly. */
export function PolicyMappingDialog({ subject, mapping, groupPolicies = [], open, onOpenChange, onSave }: PolicyMappingDialogProps) {
  const { t, i18n } = useLingui();
  const form = useContractForm({ schema: policyMappingSchema, defaultValues: emptyMappingForm() });
  const values = mapping ? mappingToForm(mapping) : emptyMappingForm();
  const isGroup = subject.kind === 'group';
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={mapping ? t`Change where it applies` : t`Apply to a namespace or stack`}
      description={isGroup ? t`Every policy of the group is checked in the runs of the target, at the level you choose or by each policy's severity.` : t`The policy is checked in every run of the target's stacks.`}
      submitLabel={mapping ? t`Save` : t`Apply`}
      form={form}
      values={values}
      serverFields={{ 'entity.targetId': 'targetId', 'entity.enforcementLevel': 'enforcementLevel' }}
      onValid={async (output) => {
        await onSave(formToMapping(subject, output));
      }}
    >
      <Target locked={mapping !== undefined} />
      {isGroup && <ModeChoice />}
      <Levels />
      {isGroup && <Overrides policies={groupPolicies} />}
      {/* The enforcement levels, explained once below the choices. */}
      <ul className="text-xs text-muted-foreground">
        {policyEnforcementLevels.map((level) => (
          <li key={level}>
            <span className="font-medium">{i18n._(enforcementLabels[level])}</span>: {i18n._(enforcementDescriptions[level])}
          </li>
        ))}
      </ul>
    </FormDialog>
  );
}

function Target({ locked }: { locked: boolean }) {
  const { t } = useLingui();
  const client = useApiClient();
  const targetType = useWatch<PolicyMappingValues, 'targetType'>({ name: 'targetType' });
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const options = useQuery({ ...policiesQueries.targetOptions(client, targetType, deferred), enabled: !locked });
  const targetId = useController<PolicyMappingValues, 'targetId'>({ name: 'targetId' });
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField<PolicyMappingValues, 'targetType'>
        name="targetType"
        label={t`Applies to`}
        required
        disabled={locked}
        onValueChange={() => {
          targetId.field.onChange('');
          setSearch('');
        }}
        options={policyTargetTypes.map((type) => ({ value: type, label: type === 'namespace' ? t`A namespace and its stacks` : t`One stack` }))}
      />
      {locked ? (
        <ControlledField<PolicyMappingValues, 'targetId'> name="targetId" label={targetType === 'namespace' ? t`Namespace` : t`Stack`}>
          {(field) => <Input {...field} readOnly dir="ltr" />}
        </ControlledField>
      ) : (
        <div className="flex flex-col gap-2">
          <Input aria-label={targetType === 'namespace' ? t`Search namespaces` : t`Search stacks`} placeholder={t`Search by name`} value={search} onChange={(event) => setSearch(event.target.value)} />
          <SelectField<PolicyMappingValues, 'targetId'>
            name="targetId"
            label={targetType === 'namespace' ? t`Namespace` : t`Stack`}
            required
            placeholder={options.isPending ? t`Loading…` : targetType === 'namespace' ? t`Choose a namespace` : t`Choose a stack`}
            options={(options.data ?? []).map((option) => ({ value: option.id, label: option.name }))}
          />
        </div>
      )}
    </div>
  );
}

function ModeChoice() {
  const { t } = useLingui();
  const id = useId();
  const mode = useController<PolicyMappingValues, 'mode'>({ name: 'mode' });
  return (
    <RadioGroup aria-label={t`Enforcement`} value={mode.field.value} onValueChange={mode.field.onChange}>
      <div className="flex items-center gap-2">
        <RadioGroupItem id={`${id}-level`} value="level" />
        <Label htmlFor={`${id}-level`}>{t`One level for every policy`}</Label>
      </div>
      <div className="flex items-center gap-2">
        <RadioGroupItem id={`${id}-severity`} value="bySeverity" />
        <Label htmlFor={`${id}-severity`}>{t`By severity`}</Label>
      </div>
    </RadioGroup>
  );
}

function LevelSelect({ name, label }: { name: 'enforcementLevel' | `bySeverity.${'low' | 'medium' | 'high' | 'critical'}` | `overrides.${number}.enforcementLevel`; label: string }) {
  const { i18n } = useLingui();
  return (
    <SelectField<PolicyMappingValues, typeof name>
      name={name}
      label={label}
      required
      options={policyEnforcementLevels.map((level) => ({ value: level, label: i18n._(enforcementLabels[level]) }))}
    />
  );
}

function Levels() {
  const { t } = useLingui();
  const mode = useWatch<PolicyMappingValues, 'mode'>({ name: 'mode' });
  const severityLabels = { minor: t`Minor`, moderate: t`Moderate`, major: t`Major`, critical: t`Critical` };
  if (mode === 'level') return <LevelSelect name="enforcementLevel" label={t`Enforcement level`} />;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {policyGroupSeverities.map((severity) => (
        <LevelSelect key={severity} name={`bySeverity.${severity}`} label={t`${severityLabels[severityFromGroupSeverity(severity)]} policies`} />
      ))}
    </div>
  );
}

function Overrides({ policies }: { policies: { id: string; name: string }[] }) {
  const { t } = useLingui();
  const rows = useFieldArray<PolicyMappingValues, 'overrides'>({ name: 'overrides' });
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">{t`Overrides for chosen stacks`}</legend>
      {rows.fields.length === 0 && <p className="text-sm text-muted-foreground">{t`No override: every stack gets the levels above.`}</p>}
      {rows.fields.map((row, index) => (
        <div key={row.id} className="grid items-start gap-3 rounded-md border border-border p-3 sm:grid-cols-3">
          <SelectField<PolicyMappingValues, `overrides.${number}.controlPolicyId`>
            name={`overrides.${index}.controlPolicyId`}
            label={t`Policy`}
            required
            placeholder={t`Choose a policy`}
            options={policies.map((policy) => ({ value: policy.id, label: policy.name }))}
          />
          <LevelSelect name={`overrides.${index}.enforcementLevel`} label={t`Level`} />
          <ControlledField<PolicyMappingValues, `overrides.${number}.stackIds`> name={`overrides.${index}.stackIds`} label={t`Stack ids`} required help={t`Comma-separated, e.g. stk-abc123.`}>
            {(field) => <Input dir="ltr" {...field} />}
          </ControlledField>
          <div className="sm:col-span-3">
            <Button type="button" variant="ghost" onClick={() => rows.remove(index)}>
              <Trash2 aria-hidden />
              {t`Remove override ${index + 1}`}
            </Button>
          </div>
        </div>
      ))}
      <div>
        <Button type="button" variant="outline" onClick={() => rows.append({ controlPolicyId: '', enforcementLevel: 'warning', stackIds: '' })}>
          <Plus aria-hidden />
          {t`Add override`}
        </Button>
      </div>
    </fieldset>
  );
}

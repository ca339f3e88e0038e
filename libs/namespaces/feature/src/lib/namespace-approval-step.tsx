import { useLingui } from '@lingui/react/macro';
import { Checkbox, Label, RadioGroup, RadioGroupItem, Stack, useController, useFieldError, useFormContext } from '@terrace/design-system';
import { approvalRuleTypes, overrideBehaviors } from '@terrace/namespaces/data-access';
import { useId } from 'react';
import type { NamespaceFormValues } from './namespace-form';
import { approvalRuleLabels, overrideBehaviorLabels } from './namespace-labels';

export interface NamespaceApprovalStepProps {
  teams: { id: string; name: string }[];
}

export function NamespaceApprovalStep({ teams }: NamespaceApprovalStepProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const { control } = useFormContext<NamespaceFormValues>();
  const ruleType = useController({ control, name: 'approval.ruleType' });
  const chosen = useController({ control, name: 'approval.teams' });
  const overrideBehavior = useController({ control, name: 'approval.overrideBehavior' });
  const teamsError = useFieldError('approval.teams');
  return (
    <Stack gap={6} className="max-w-xl">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">{t`Before a deployment applies changes`}</legend>
        <RadioGroup value={ruleType.field.value} onValueChange={(value) => ruleType.field.onChange(value)}>
          {approvalRuleTypes.map((type) => (
            <div key={type} className="flex items-start gap-3">
              <RadioGroupItem id={`${id}-${type}`} value={type} aria-describedby={`${id}-${type}-help`} className="mt-0.5" />
              <div className="flex flex-col">
                <Label htmlFor={`${id}-${type}`}>{i18n._(approvalRuleLabels[type].label)}</Label>
                <span id={`${id}-${type}-help`} className="text-sm text-muted-foreground">
                  {i18n._(approvalRuleLabels[type].help)}
                </span>
              </div>
            </div>
          ))}
        </RadioGroup>
      </fieldset>
      {ruleType.field.value === 'requireTeamsApproval' && (
        <fieldset className="flex flex-col gap-2" aria-describedby={teamsError ? `${id}-teams-error` : undefined}>
          <legend className="mb-1 text-sm font-medium">{t`Approving teams`}</legend>
          {teams.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t`The organization has no teams yet. Create teams in the organization settings first.`}</p>
          ) : (
            <div className="grid max-h-56 grid-cols-1 gap-1.5 overflow-y-auto sm:grid-cols-2">
              {teams.map((team, index) => (
                <div key={team.id} className="flex items-center gap-2">
                  <Checkbox
                    id={`${id}-team-${team.id}`}
                    // The first box takes focus when the list has an error.
                    ref={index === 0 ? chosen.field.ref : undefined}
                    aria-invalid={teamsError ? true : undefined}
                    checked={chosen.field.value.includes(team.id)}
                    onCheckedChange={(checked) =>
                      chosen.field.onChange(
                        checked === true ? [...chosen.field.value, team.id] : chosen.field.value.filter((x) => x !== team.id),
                      )
                    }
                  />
                  <Label htmlFor={`${id}-team-${team.id}`} className="font-normal">
                    {team.name}
                  </Label>
                </div>
              ))}
            </div>
          )}
          {teamsError && (
            <p id={`${id}-teams-error`} className="text-xs font-medium text-danger-subtle-foreground">
              {teamsError}
            </p>
          )}
        </fieldset>
      )}
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">{t`May stacks change this policy?`}</legend>
        <RadioGroup value={overrideBehavior.field.value} onValueChange={(value) => overrideBehavior.field.onChange(value)}>
          {overrideBehaviors.map((behavior) => (
            <div key={behavior} className="flex items-start gap-3">
              <RadioGroupItem id={`${id}-${behavior}`} value={behavior} aria-describedby={`${id}-${behavior}-help`} className="mt-0.5" />
              <div className="flex flex-col">
                <Label htmlFor={`${id}-${behavior}`}>{i18n._(overrideBehaviorLabels[behavior].label)}</Label>
                <span id={`${id}-${behavior}-help`} className="text-sm text-muted-foreground">
                  {i18n._(overrideBehaviorLabels[behavior].help)}
                </span>
              </div>
            </div>
          ))}
        </RadioGroup>
      </fieldset>
    </Stack>
  );
}

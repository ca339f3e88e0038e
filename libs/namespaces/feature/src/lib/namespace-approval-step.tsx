import { useLingui } from '@lingui/react/macro';
import { Checkbox, Label, RadioGroup, RadioGroupItem, Stack } from '@terrace/design-system';
import { approvalRuleTypes, overrideBehaviors, type DeploymentApprovalRuleType } from '@terrace/namespaces/data-access';
import { useId } from 'react';
import type { OverrideBehavior } from './namespace-form';
import type { NamespaceStepProps } from './namespace-general-step';
import { approvalRuleLabels, overrideBehaviorLabels } from './namespace-labels';

export interface NamespaceApprovalStepProps extends NamespaceStepProps {
  teams: { id: string; name: string }[];
}

export function NamespaceApprovalStep({ values, onChange, errors, teams }: NamespaceApprovalStepProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  return (
    <Stack gap={6} className="max-w-xl">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">{t`Before a deployment applies changes`}</legend>
        <RadioGroup
          value={values.approval.ruleType}
          onValueChange={(ruleType) => onChange((v) => ({ ...v, approval: { ...v.approval, ruleType: ruleType as DeploymentApprovalRuleType } }))}
        >
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
      {values.approval.ruleType === 'requireTeamsApproval' && (
        <fieldset className="flex flex-col gap-2" aria-describedby={errors.approvalTeams ? `${id}-teams-error` : undefined}>
          <legend className="mb-1 text-sm font-medium">{t`Approving teams`}</legend>
          {teams.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t`The organization has no teams yet. Create teams in the organization settings first.`}</p>
          ) : (
            <div className="grid max-h-56 grid-cols-1 gap-1.5 overflow-y-auto sm:grid-cols-2">
              {teams.map((team) => (
                <div key={team.id} className="flex items-center gap-2">
                  <Checkbox
                    id={`${id}-team-${team.id}`}
                    checked={values.approval.teams.includes(team.id)}
                    onCheckedChange={(checked) =>
                      onChange((v) => ({
                        ...v,
                        approval: {
                          ...v.approval,
                          teams: checked === true ? [...v.approval.teams, team.id] : v.approval.teams.filter((x) => x !== team.id),
                        },
                      }))
                    }
                  />
                  <Label htmlFor={`${id}-team-${team.id}`} className="font-normal">
                    {team.name}
                  </Label>
                </div>
              ))}
            </div>
          )}
          {errors.approvalTeams && (
            <p id={`${id}-teams-error`} className="text-xs font-medium text-danger-subtle-foreground">
              {i18n._(errors.approvalTeams)}
            </p>
          )}
        </fieldset>
      )}
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">{t`May stacks change this policy?`}</legend>
        <RadioGroup
          value={values.approval.overrideBehavior}
          onValueChange={(behavior) => onChange((v) => ({ ...v, approval: { ...v.approval, overrideBehavior: behavior as OverrideBehavior } }))}
        >
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

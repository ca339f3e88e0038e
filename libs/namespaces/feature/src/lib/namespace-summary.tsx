import { useLingui } from '@lingui/react/macro';
import { Card, CardBody, CardHeader, CardTitle, Grid } from '@terrace/design-system';
import { namespaceCapabilityKeys, type Namespace } from '@terrace/namespaces/data-access';
import type { ReactNode } from 'react';
import { approvalRuleLabels, capabilityLabels, overrideBehaviorLabels } from './namespace-labels';

function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm text-foreground">{children}</dd>
    </div>
  );
}

export interface NamespaceSummaryProps {
  namespace: Namespace;
  /** The overview tab shows what the namespace is; the settings tab what its stacks inherit. */
  section: 'overview' | 'settings';
  /** Team names by id, to show approval teams by name. */
  teamNames?: ReadonlyMap<string, string>;
}

/** The overview and settings of a namespace as read-only cards. */
export function NamespaceSummary({ namespace, section, teamNames }: NamespaceSummaryProps) {
  const { t, i18n } = useLingui();
  const orgDefault = <span className="text-muted-foreground">{t`Organization default`}</span>;
  const rules = namespace.deploymentApprovalPolicy?.rules ?? [];
  const runner = namespace.runnerConfig;
  return (
    section === 'overview' ? (
      <Card>
        <CardHeader>
          <CardTitle level={2}>{t`Overview`}</CardTitle>
        </CardHeader>
        <CardBody>
          <dl className="flex flex-col gap-3">
            <Field label={t`Name`}>{namespace.name}</Field>
            <Field label={t`Description`}>{namespace.description || <span className="text-muted-foreground">{t`None`}</span>}</Field>
            <Field label={t`ID`}>
              <code className="font-mono text-xs">{namespace.id}</code>
            </Field>
            <Field label={t`Created`}>{i18n.date(namespace.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</Field>
            <Field label={t`Last updated`}>{i18n.date(namespace.updatedAt, { dateStyle: 'medium', timeStyle: 'short' })}</Field>
          </dl>
        </CardBody>
      </Card>
    ) : (
    <Grid columns={2} gap={4} align="start">
      <Card>
        <CardHeader>
          <CardTitle level={2}>{t`IaC versions`}</CardTitle>
        </CardHeader>
        <CardBody>
          <dl className="flex flex-col gap-3">
            <Field label={t`Terraform`}>{namespace.iacConfig?.terraformVersion || orgDefault}</Field>
            <Field label={t`Terragrunt`}>{namespace.iacConfig?.terragruntVersion || orgDefault}</Field>
            <Field label={t`OpenTofu`}>{namespace.iacConfig?.opentofuVersion || orgDefault}</Field>
          </dl>
        </CardBody>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle level={2}>{t`Runners`}</CardTitle>
        </CardHeader>
        <CardBody>
          <dl className="flex flex-col gap-3">
            <Field label={t`Runner type`}>
              {runner ? (runner.mode === 'selfHosted' ? t`Self-hosted` : t`Managed`) : orgDefault}
            </Field>
            {runner?.mode === 'selfHosted' && (
              <Field label={t`Runner groups`}>{(runner.groups ?? []).join(', ') || t`None`}</Field>
            )}
            <Field label={t`Stacks may override`}>{runner?.isOverridable === false ? t`No` : t`Yes`}</Field>
          </dl>
        </CardBody>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle level={2}>{t`Deployment approval`}</CardTitle>
        </CardHeader>
        <CardBody>
          <dl className="flex flex-col gap-3">
            <Field label={t`Rules`}>
              {rules.length === 0 ? (
                orgDefault
              ) : (
                <ul className="flex flex-col gap-1">
                  {rules.map((rule, index) => (
                    <li key={index}>
                      {i18n._(approvalRuleLabels[rule.type].label)}
                      {rule.type === 'requireTeamsApproval' && rule.parameters?.teams?.length
                        ? `: ${rule.parameters.teams.map((id) => teamNames?.get(id) ?? id).join(', ')}`
                        : ''}
                    </li>
                  ))}
                </ul>
              )}
            </Field>
            <Field label={t`Stacks overriding this policy`}>
              {i18n._(overrideBehaviorLabels[namespace.deploymentApprovalPolicy?.overrideBehavior ?? 'allow'].label)}
            </Field>
          </dl>
        </CardBody>
      </Card>
      <Card className="sm:col-span-2">
        <CardHeader>
          <CardTitle level={2}>{t`Capabilities`}</CardTitle>
        </CardHeader>
        <CardBody>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            {namespaceCapabilityKeys.map((key) => {
              const setting = namespace.capabilities?.[key];
              const enabled = (setting?.status ?? 'enabled') === 'enabled';
              return (
                <Field key={key} label={i18n._(capabilityLabels[key].label)}>
                  {enabled ? t`On` : t`Off`}
                  {setting?.isOverridable === false ? ` · ${t`locked for stacks`}` : ''}
                </Field>
              );
            })}
          </dl>
        </CardBody>
      </Card>
    </Grid>
    )
  );
}

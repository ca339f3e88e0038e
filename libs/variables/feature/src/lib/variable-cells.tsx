import { useLingui } from '@lingui/react/macro';
import { Badge, Button, DisabledReason, type EditAccess } from '@terrace/design-system';
import type { VariableCondition, VariableScope, VariableType } from '@terrace/variables/data-access';
import { Eye, Lock } from 'lucide-react';
import { conditionText } from './variable-form';
import { operatorLabels, scopeLabels, variableTypeLabels } from './variable-labels';

/** The name column: the key as the code reads it, the display name and description under it. */
export function VariableName({ name, displayName, description }: { name: string; displayName?: string | undefined; description?: string | undefined }) {
  return (
    <div className="flex min-w-0 flex-col">
      <span className="font-mono font-medium break-all" dir="ltr">
        {name}
      </span>
      {displayName && <span className="text-xs text-muted-foreground">{displayName}</span>}
      {description && <span className="line-clamp-2 text-xs text-muted-foreground">{description}</span>}
    </div>
  );
}

export interface VariableValueProps {
  variableId: string;
  name: string;
  value: string;
  isSensitive: boolean;
  isHcl?: boolean | undefined;
  /** Required and given no value by any scope (the effective view), or required here without one. */
  missing?: boolean;
  reveal: EditAccess;
  onReveal: (target: { variableId: string; key: string }) => void;
}

/** A value as lists show it: masked when sensitive (revealed on request), HCL as code, a missing one flagged. */
export function VariableValue({ variableId, name, value, isSensitive, isHcl, missing, reveal, onReveal }: VariableValueProps) {
  const { t } = useLingui();
  if (missing) return <Badge tone="danger">{t`No value`}</Badge>;
  if (isSensitive) {
    return (
      <span className="inline-flex items-center gap-2">
        <span className="font-mono text-muted-foreground" aria-label={t`Hidden value`}>
          ••••••••
        </span>
        <DisabledReason reason={reveal.canEdit ? null : reveal.readOnlyReason}>
          <Button variant="ghost" size="sm" disabled={!reveal.canEdit} aria-label={t`Reveal the value of ${name}`} onClick={() => onReveal({ variableId, key: name })}>
            <Eye aria-hidden />
            {t`Reveal`}
          </Button>
        </DisabledReason>
      </span>
    );
  }
  if (value === '') return <span className="text-muted-foreground">{t`Empty`}</span>;
  return (
    <code className={`block max-w-md truncate font-mono text-xs ${isHcl ? 'rounded bg-muted px-1.5 py-0.5' : ''}`} dir="ltr" title={value}>
      {value}
    </code>
  );
}

export function TypeBadge({ type }: { type: VariableType }) {
  const { i18n } = useLingui();
  return (
    <Badge tone={type === 'tfVar' ? 'primary' : 'info'} size="sm">
      {i18n._(variableTypeLabels[type].short)}
    </Badge>
  );
}

/** The properties of a variable as small badges; conditions read in full for screen readers and on hover. */
export function VariableFlags({
  isSensitive,
  isHcl,
  isRequired,
  isOverridable,
  conditions = [],
  showOverridable = true,
}: {
  isSensitive: boolean;
  isHcl?: boolean | undefined;
  isRequired?: boolean | undefined;
  isOverridable?: boolean | undefined;
  conditions?: VariableCondition[] | undefined;
  showOverridable?: boolean;
}) {
  const { t, i18n } = useLingui();
  const described = conditions.map((c) => `${i18n._(operatorLabels[c.operator])}${c.operator === 'boolean' ? '' : ` ${conditionText(c.value)}`}`).join('; ');
  return (
    <span className="flex flex-wrap gap-1">
      {isSensitive && (
        <Badge size="sm" tone="warning">
          {t`Sensitive`}
        </Badge>
      )}
      {isHcl && <Badge size="sm">{t`HCL`}</Badge>}
      {isRequired && (
        <Badge size="sm" tone="outline">
          {t`Required`}
        </Badge>
      )}
      {showOverridable && isOverridable === false && (
        <Badge size="sm" tone="outline">
          <Lock aria-hidden className="size-3" />
          {t`Not overridable`}
        </Badge>
      )}
      {conditions.length > 0 && (
        <Badge size="sm" tone="outline" title={described}>
          <span aria-hidden>{conditions.length === 1 ? t`1 condition` : t`${conditions.length} conditions`}</span>
          <span className="sr-only">{t`Conditions: ${described}`}</span>
        </Badge>
      )}
    </span>
  );
}

export function ScopeBadge({ scope, own = false }: { scope: VariableScope; own?: boolean }) {
  const { i18n } = useLingui();
  return (
    <Badge size="sm" tone={own ? 'primary' : 'neutral'}>
      {i18n._(scopeLabels[scope])}
    </Badge>
  );
}

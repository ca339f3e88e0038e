import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { zNamespacePermissionInput } from '@terrace/api-client/schemas';
import {
  ControlledField,
  domainRule,
  FormDialog,
  Input,
  OptionSelect,
  SelectField,
  trimmed,
  unwrapOptional,
  useContractForm,
} from '@terrace/design-system';
import { validateEmail } from '@terrace/domain';
import { principalKinds, type NamespacePermissionInput, type PrincipalKind } from '@terrace/namespaces/data-access';
import { z } from 'zod/mini';
import { principalKindLabels } from './namespace-labels';

export interface PermissionChoices {
  teams: { id: string; name: string }[];
  programmaticUsers: { name: string }[];
  /** Custom roles of type namespaceRole. */
  customRoles: { id: string; name: string }[];
}

export interface GrantPermissionDialogProps extends PermissionChoices {
  namespaceId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Resolves when the permission is granted; a rejection keeps the dialog open with the choices made. */
  onGrant: (permission: NamespacePermissionInput) => Promise<unknown>;
}

const CUSTOM = 'custom:';
const wire = zNamespacePermissionInput.shape;

const missingPrincipal = {
  team: msg`Choose a team.`,
  user: msg`Enter the user's e-mail address.`,
  programmaticUser: msg`Choose a programmatic user.`,
} satisfies Record<PrincipalKind, unknown>;

// The principal is one field whose rules depend on its kind: the contract's schema of that member.
// A team is picked from the list the server gave, so its id is not checked again here.
const principalSchemas = {
  team: z.string(),
  user: unwrapOptional(wire.userEmail).check(domainRule(validateEmail)),
  programmaticUser: unwrapOptional(wire.programmaticUserName),
} satisfies Record<PrincipalKind, z.ZodMiniType<string>>;

export const grantPermissionSchema = z
  .object({ kind: z.enum(principalKinds), principal: trimmed(), role: z.string() })
  .check(
    z.superRefine((values, ctx) => {
    if (values.principal === '') {
      const message = missingPrincipal[values.kind];
      ctx.addIssue({ code: 'custom', path: ['principal'], message: message.message ?? '', params: { message } });
      return;
    }
    for (const issue of principalSchemas[values.kind].safeParse(values.principal).error?.issues ?? []) {
      ctx.addIssue({ ...issue, path: ['principal'] } as Parameters<typeof ctx.addIssue>[0]);
    }
  }),
  );
type GrantValues = z.input<typeof grantPermissionSchema>;
const initial: GrantValues = { kind: 'team', principal: '', role: 'viewer' };

/** Grants a team, a user or a programmatic user a role on one namespace. */
export function GrantPermissionDialog({
  namespaceId,
  open,
  onOpenChange,
  onGrant,
  teams,
  programmaticUsers,
  customRoles,
}: GrantPermissionDialogProps) {
  const { t, i18n } = useLingui();
  const form = useContractForm({ schema: grantPermissionSchema, defaultValues: initial });
  const kind = form.watch('kind');
  const principalLabel = kind === 'team' ? t`Team` : kind === 'user' ? t`E-mail address` : t`Programmatic user`;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Grant access`}
      description={t`The role applies to this namespace and every stack in it.`}
      submitLabel={t`Grant access`}
      form={form}
      values={initial}
      serverFields={{ 'entity.teamId': 'principal', 'entity.userEmail': 'principal', 'entity.programmaticUserName': 'principal' }}
      onValid={async (values) => {
        const custom = values.role.startsWith(CUSTOM) ? values.role.slice(CUSTOM.length) : null;
        const permission: NamespacePermissionInput = {
          namespaceId,
          role: custom ? null : (values.role as 'viewer' | 'admin'),
          customRoleId: custom,
          ...(values.kind === 'team'
            ? { teamId: values.principal }
            : values.kind === 'user'
              ? { userEmail: values.principal }
              : { programmaticUserName: values.principal }),
        };
        await onGrant(permission);
      }}
    >
      <SelectField<GrantValues, 'kind'>
        name="kind"
        label={t`Grant to`}
        onValueChange={() => {
          form.setValue('principal', '');
          form.clearErrors('principal');
        }}
        options={principalKinds.map((k) => ({ value: k, label: i18n._(principalKindLabels[k]) }))}
      />
      <ControlledField<GrantValues, 'principal'> key={kind} name="principal" label={principalLabel} required>
        {(field) =>
          kind === 'user' ? (
            <Input type="email" autoComplete="off" {...field} />
          ) : (
            <OptionSelect
              ref={field.ref}
              value={field.value}
              onValueChange={field.onChange}
              placeholder={kind === 'team' ? t`Choose a team` : t`Choose a programmatic user`}
              options={
                kind === 'team'
                  ? teams.map((team) => ({ value: team.id, label: team.name }))
                  : programmaticUsers.map((user) => ({ value: user.name, label: user.name }))
              }
            />
          )
        }
      </ControlledField>
      <SelectField<GrantValues, 'role'>
        name="role"
        label={t`Namespace role`}
        required
        options={[
          { value: 'viewer', label: t`Viewer` },
          { value: 'admin', label: t`Admin` },
          ...customRoles.map((custom) => ({ value: `${CUSTOM}${custom.id}`, label: custom.name })),
        ]}
      />
    </FormDialog>
  );
}

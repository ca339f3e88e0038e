import { Plural, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@terrace/design-system';
import { LazyConfirmRemoval, type EditAccess, EditButton, SettingsList, toast, useActionsColumn, lazyDialog } from '@terrace/design-system';
import {
  organizationQueries,
  useCreateCustomRoleMutation,
  useDeleteCustomRoleMutation,
  useUpdateCustomRoleMutation,
  type CustomRole,
} from '@terrace/organization/data-access';
import { ShieldPlus } from 'lucide-react';
import { useState } from 'react';
import { useApiClient } from '@terrace/session';

// Its dialog (with its form and validation) loads when first opened.
const CustomRoleDialog = lazyDialog(() => import('./custom-role-dialog').then((m) => m.CustomRoleDialog));

export type CustomRolesSectionProps = EditAccess;

export function CustomRolesSection(access: CustomRolesSectionProps) {
  const { t } = useLingui();
  const client = useApiClient();
  const roles = useQuery(organizationQueries.customRoles(client));
  const create = useCreateCustomRoleMutation();
  const update = useUpdateCustomRoleMutation();
  const remove = useDeleteCustomRoleMutation();
  const [editing, setEditing] = useState<CustomRole | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CustomRole | null>(null);

  const columns: ColumnDef<CustomRole, unknown>[] = [
    {
      id: 'name',
      header: t`Name`,
      enableSorting: false,
      cell: ({ row }) => (
        <div className="flex flex-col">
          <span className="font-medium">{row.original.name}</span>
          {row.original.description && <span className="text-xs text-muted-foreground">{row.original.description}</span>}
        </div>
      ),
    },
    {
      id: 'type',
      header: t`Type`,
      enableSorting: false,
      cell: ({ row }) => (row.original.type === 'organizationRole' ? t`Organization role` : t`Namespace role`),
    },
    {
      id: 'permissions',
      header: t`Permissions`,
      enableSorting: false,
      cell: ({ row }) => <Plural value={row.original.permissions.length} one="# permission" other="# permissions" />,
    },
    {
      id: 'restriction',
      header: t`Stack restriction`,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.stackRestriction === 'none'
          ? t`None`
          : row.original.stackRestriction === 'restrictReadToOwnStacks'
            ? t`Read own stacks only`
            : t`Change own stacks only`,
    },
    useActionsColumn((role) => (
      <>
        <EditButton row access={access} onClick={() => setEditing(role)} aria-label={t`Edit role ${role.name}`}>
          {t`Edit`}
        </EditButton>
        <EditButton row access={access} onClick={() => setDeleting(role)} aria-label={t`Delete role ${role.name}`}>
          {t`Delete`}
        </EditButton>
      </>
    )),
  ];

  return (
    <SettingsList
      aria-label={t`Custom roles`}
      query={roles}
      items={roles.data}
      columns={columns}
      getRowId={(role) => role.id}
      access={access}
      add={{ icon: ShieldPlus, label: t`Create custom role`, onClick: () => setEditing('new') }}
      empty={{
        title: t`No custom roles yet`,
        text: t`The built-in roles fit most teams. Create a custom role when someone needs exactly some stack permissions.`,
      }}
    >
      <CustomRoleDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        role={editing === 'new' || editing === null ? undefined : editing}
        onSave={async (input) => {
          if (editing && editing !== 'new') {
            // A role's type is fixed once created; the update carries the rest.
            await update.mutateAsync({ customRoleId: editing.id, name: input.name, permissions: input.permissions, stackRestriction: input.stackRestriction });
            toast.success(t`Role ${input.name} saved.`);
          } else {
            await create.mutateAsync(input);
            toast.success(t`Role ${input.name} created.`);
          }
        }}
      />
      <LazyConfirmRemoval
        target={deleting}
        onClose={() => setDeleting(null)}
        title={(role) => t`Delete role ${role.name}?`}
        description={t`Users and teams with this role lose its permissions.`}
        confirmLabel={t`Delete role`}
        onConfirm={async (role) => {
          await remove.mutateAsync(role.id);
          toast.success(t`Role ${role.name} deleted.`);
        }}
      />
    </SettingsList>
  );
}

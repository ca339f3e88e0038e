import { useLingui } from '@lingui/react/macro';
import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Stack,
} from '@terrace/design-system';
import { validateEmail } from '@terrace/domain';
import { principalKinds, type NamespacePermissionInput, type PrincipalKind } from '@terrace/namespaces/data-access';
import { useState, type FormEvent } from 'react';
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
  const [kind, setKind] = useState<PrincipalKind>('team');
  const [principal, setPrincipal] = useState('');
  const [role, setRole] = useState('viewer');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const reset = () => {
    setKind('team');
    setPrincipal('');
    setRole('viewer');
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (principal.trim() === '') {
      setError(
        kind === 'team' ? t`Choose a team.` : kind === 'user' ? t`Enter the user's e-mail address.` : t`Choose a programmatic user.`,
      );
      return;
    }
    if (kind === 'user') {
      const problem = validateEmail(principal);
      if (problem) {
        setError(i18n._(problem));
        return;
      }
    }
    setError(null);
    const custom = role.startsWith(CUSTOM) ? role.slice(CUSTOM.length) : null;
    const permission: NamespacePermissionInput = {
      namespaceId,
      role: custom ? null : (role as 'viewer' | 'admin'),
      customRoleId: custom,
      ...(kind === 'team' ? { teamId: principal } : kind === 'user' ? { userEmail: principal.trim() } : { programmaticUserName: principal }),
    };
    setPending(true);
    try {
      await onGrant(permission);
      reset();
      onOpenChange(false);
    } catch {
      // The client has already shown the server's reason; keep what was chosen so it can be corrected.
    } finally {
      setPending(false);
    }
  };

  const principalLabel = kind === 'team' ? t`Team` : kind === 'user' ? t`E-mail address` : t`Programmatic user`;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogHeader>
            <DialogTitle>{t`Grant access`}</DialogTitle>
            <DialogDescription>{t`The role applies to this namespace and every stack in it.`}</DialogDescription>
          </DialogHeader>
          <DialogBody>
            <Stack gap={4}>
              <FormField label={t`Grant to`}>
                <Select
                  value={kind}
                  onValueChange={(value) => {
                    setKind(value as PrincipalKind);
                    setPrincipal('');
                    setError(null);
                  }}
                >
                  <SelectTrigger>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {principalKinds.map((k) => (
                      <SelectItem key={k} value={k}>
                        {i18n._(principalKindLabels[k])}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </FormField>
              <FormField label={principalLabel} required error={error}>
                {kind === 'user' ? (
                  <Input type="email" autoComplete="off" value={principal} onChange={(event) => setPrincipal(event.target.value)} />
                ) : (
                  <Select value={principal} onValueChange={setPrincipal}>
                    <SelectTrigger>
                      <SelectValue placeholder={kind === 'team' ? t`Choose a team` : t`Choose a programmatic user`} />
                    </SelectTrigger>
                    <SelectContent>
                      {kind === 'team'
                        ? teams.map((team) => (
                            <SelectItem key={team.id} value={team.id}>
                              {team.name}
                            </SelectItem>
                          ))
                        : programmaticUsers.map((user) => (
                            <SelectItem key={user.name} value={user.name}>
                              {user.name}
                            </SelectItem>
                          ))}
                    </SelectContent>
                  </Select>
                )}
              </FormField>
              <FormField label={t`Namespace role`} required>
                <Select value={role} onValueChange={setRole}>
                  <SelectTrigger>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="viewer">{t`Viewer`}</SelectItem>
                    <SelectItem value="admin">{t`Admin`}</SelectItem>
                    {customRoles.map((custom) => (
                      <SelectItem key={custom.id} value={`${CUSTOM}${custom.id}`}>
                        {custom.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </FormField>
            </Stack>
          </DialogBody>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t`Cancel`}
            </Button>
            <Button type="submit" loading={pending}>
              {t`Grant access`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

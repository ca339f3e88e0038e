import { useLingui } from '@lingui/react/macro';
import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@terrace/design-system';
import { roleLabel } from '@terrace/domain';
import { appPath, type CurrentSession } from '@terrace/session';
import { Link } from 'react-router';

export interface SessionInfoDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  session: CurrentSession;
}

/** Who the user is in this session: organization, role and teams; admins and viewers get team links. */
export function SessionInfoDialog({ open, onOpenChange, session }: SessionInfoDialogProps) {
  const { t, i18n } = useLingui();
  const linkTeams = session.role === 'admin' || session.role === 'viewer';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t`Session information`}</DialogTitle>
        </DialogHeader>
        <DialogBody>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-3 text-sm">
            <dt className="text-muted-foreground">{t`User`}</dt>
            <dd className="text-foreground">{session.user.email}</dd>
            <dt className="text-muted-foreground">{t`Organization`}</dt>
            <dd className="text-foreground">{session.organization.name}</dd>
            <dt className="text-muted-foreground">{t`Role`}</dt>
            <dd className="text-foreground" data-testid="session-role">
              {i18n._(roleLabel(session.role))}
            </dd>
            <dt className="text-muted-foreground">{t`Teams`}</dt>
            <dd className="text-foreground">
              {session.teams.length === 0 ? (
                <span className="text-muted-foreground">{t`No teams`}</span>
              ) : (
                <ul className="flex flex-wrap gap-2">
                  {session.teams.map((team) => (
                    <li key={team.id}>
                      {linkTeams ? (
                        <Link
                          to={appPath('team', { teamId: team.id })}
                          onClick={() => onOpenChange(false)}
                          className="rounded-full bg-primary-subtle px-2.5 py-0.5 text-xs font-medium text-primary-subtle-foreground hover:underline"
                        >
                          {team.name}
                        </Link>
                      ) : (
                        <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium text-muted-foreground">
                          {team.name}
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </dl>
        </DialogBody>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t`Close`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

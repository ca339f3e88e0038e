import { useLingui } from '@lingui/react/macro';
import { Badge, Button, Card, CardHeader, CardTitle } from '@terrace/design-system';
import type { AuditEvent } from '@terrace/dashboard/data-access';
import { useAccess } from '@terrace/session';
import { useId } from 'react';
import { Link } from 'react-router';
import { activityActionLabels, entityTypeLabel } from './dashboard-labels';
import { dashboardPaths } from './dashboard-paths';

/** The page of an event's object (spec §2: the id before the first slash), while it still exists. */
function linkOf(event: AuditEvent): string | undefined {
  if (event.action === 'delete') return undefined;
  const id = event.entityId.split('/')[0] ?? '';
  switch (event.entityType) {
    case 'stack':
      return id ? dashboardPaths.stack(id) : undefined;
    case 'namespace':
      return id ? dashboardPaths.namespace(id) : undefined;
    case 'vcsCredentials':
      return dashboardPaths.vcsProviders();
    default:
      return undefined;
  }
}

/** The audit log's newest changes, each with who did what to which object and when. */
export function RecentActivity({ events }: { events: AuditEvent[] }) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const audit = useAccess('audit');
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle level={2} id={titleId}>
          {t`Recent activity`}
        </CardTitle>
        {audit.allowed && (
          <Button variant="link" size="sm" asChild>
            <Link to={dashboardPaths.audit()}>{t`View the audit log`}</Link>
          </Button>
        )}
      </CardHeader>
      {events.length === 0 ? (
        <p className="px-5 pb-5 text-sm text-muted-foreground">{t`Nothing has changed yet.`}</p>
      ) : (
        <ol className="flex flex-col divide-y divide-border border-t border-border">
          {events.map((event) => {
            const to = linkOf(event);
            const name = event.entityName || event.entityId;
            const action = i18n._(activityActionLabels[event.action]);
            const who = event.initiator.userName;
            return (
              <li key={event.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-5 py-2.5">
                <Badge tone="neutral" size="sm">
                  {i18n._(entityTypeLabel(event.entityType))}
                </Badge>
                <div className="flex min-w-0 flex-1 flex-col">
                  {to ? (
                    <Link to={to} className="truncate text-sm font-medium text-primary-subtle-foreground hover:underline">
                      {name}
                    </Link>
                  ) : (
                    <span className="truncate text-sm font-medium">{name}</span>
                  )}
                  <span className="truncate text-xs text-muted-foreground">{t`${action} by ${who}`}</span>
                </div>
                <time dateTime={event.createdAt} className="text-xs text-muted-foreground tabular-nums">
                  {i18n.date(event.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}

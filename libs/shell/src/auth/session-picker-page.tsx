import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuTrigger,
  ErrorState,
  Input,
  Skeleton,
} from '@terrace/design-system';
import { roleLabel } from '@terrace/domain';
import {
  authPaths,
  isAuthenticated,
  sessionQueries,
  sessionRequests,
  type SsoPotentialSession,
  storeSession,
  useApiClient,
} from '@terrace/session';
import { ChevronDown, Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { AuthCard } from './auth-card';
import { SsoSigningInCard } from './sso-signing-in-card';
import { useCompleteSignIn } from './use-complete-sign-in';
import { useSsoPotentialSessionSignIn } from './use-sso-potential-session';

function teamNames(session: SsoPotentialSession): string[] {
  return session.teams.map((team) => team.name ?? team.id ?? '').filter(Boolean);
}

/**
 * The session picker of SSO users (spec §2.6): one row per organization and role the identity
 * provider grants, searchable, filterable by organization; the list is at most half the screen.
 * The SSO callback sends users with several organizations here with `ssoPotentialSessionId`:
 * the page first signs in with it (the 'Current Role' row), then lists the others.
 */
export function SessionPickerPage() {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const complete = useCompleteSignIn();
  const [, setParams] = useSearchParams();
  const { potentialSessionId } = useSsoPotentialSessionSignIn(({ token, user }) => {
    storeSession(token, user);
    // Whatever was cached belongs to a previous session; the id is used up, so it leaves the URL.
    queryClient.clear();
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('ssoPotentialSessionId');
        return next;
      },
      { replace: true },
    );
  });
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [organizations, setOrganizations] = useState<string[]>([]);
  const sessions = useQuery({
    ...sessionQueries.ssoPotentialSessions(client),
    enabled: !potentialSessionId && isAuthenticated(),
  });
  const select = useMutation({
    mutationFn: (id: string) => sessionRequests.ssoSwitchSession(client, id),
    onSuccess: complete,
    // Spec §8: a failed SSO session switch shows no message; it is logged and the loading ends.
    onError: (error) => console.error('SSO session switch failed', error),
  });

  const all = useMemo(() => sessions.data?.ssoPotentialSessions ?? [], [sessions.data]);
  const orgNames = useMemo(() => [...new Set(all.map((s) => s.orgName))].sort(), [all]);
  const visible = all.filter((s) => {
    if (organizations.length > 0 && !organizations.includes(s.orgName)) return false;
    const needle = query.trim().toLowerCase();
    if (!needle) return true;
    return [s.orgName, s.displayOrgRole, i18n._(roleLabel(s.displayOrgRole)), ...teamNames(s)].some(
      (text) => text.toLowerCase().includes(needle),
    );
  });

  if (potentialSessionId) return <SsoSigningInCard />;
  if (!isAuthenticated()) return <Navigate to={authPaths.loginSso} replace />;

  return (
    <AuthCard
      wide
      title={t`Choose a session`}
      description={t`Your identity provider gives you access to several organizations and roles. Pick the one to work in.`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-56 flex-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <label htmlFor={searchId} className="sr-only">
            {t`Search sessions`}
          </label>
          <Input
            id={searchId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t`Search organization, role or team`}
            className="ps-9"
          />
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline">
              {organizations.length > 0
                ? t`Organization (${organizations.length})`
                : t`Organization`}
              <ChevronDown aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="max-h-72 w-64 overflow-y-auto">
            {orgNames.map((name) => (
              <DropdownMenuCheckboxItem
                key={name}
                checked={organizations.includes(name)}
                onSelect={(e) => e.preventDefault()}
                onCheckedChange={(checked) =>
                  setOrganizations((prev) =>
                    checked ? [...prev, name] : prev.filter((n) => n !== name),
                  )
                }
              >
                {name}
              </DropdownMenuCheckboxItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>

      {sessions.isPending && (
        <div className="flex flex-col gap-2">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      )}
      {sessions.isError && (
        <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />
      )}
      {sessions.isSuccess && (
        <div
          className="max-h-[50vh] overflow-y-auto rounded-md border border-border"
          data-testid="session-list"
        >
          <table className="w-full text-sm">
            <thead className="sticky top-0 bg-muted text-start text-xs text-muted-foreground uppercase">
              <tr>
                <th scope="col" className="px-4 py-2 text-start font-medium">{t`Organization`}</th>
                <th scope="col" className="px-4 py-2 text-start font-medium">{t`Role`}</th>
                <th scope="col" className="px-4 py-2 text-start font-medium">{t`Teams`}</th>
                <th scope="col" className="px-4 py-2 text-end font-medium">
                  <span className="sr-only">{t`Action`}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {visible.length === 0 && (
                <tr>
                  <td colSpan={4} className="px-4 py-6 text-center text-muted-foreground">
                    {t`No session matches the search.`}
                  </td>
                </tr>
              )}
              {visible.map((s) => {
                const role = i18n._(roleLabel(s.displayOrgRole));
                return (
                  <tr key={s.id} className="border-t border-border">
                    <td className="px-4 py-3 font-medium text-foreground">{s.orgName}</td>
                    <td className="px-4 py-3 text-foreground">{role}</td>
                    <td className="px-4 py-3 text-muted-foreground">
                      {teamNames(s).join(', ') || '—'}
                    </td>
                    <td className="px-4 py-3 text-end">
                      {s.id === sessions.data.currentSessionPotentialSessionId ? (
                        <span className="rounded-full bg-success-subtle px-2.5 py-1 text-xs font-medium text-success-subtle-foreground">{t`Current Role`}</span>
                      ) : (
                        <Button
                          size="sm"
                          variant="outline"
                          loading={select.isPending && select.variables === s.id}
                          disabled={select.isPending}
                          onClick={() => select.mutate(s.id)}
                          aria-label={t`Select ${s.orgName} as ${role}`}
                        >
                          {t`Select`}
                        </Button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </AuthCard>
  );
}

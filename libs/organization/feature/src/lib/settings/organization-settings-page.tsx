import { useLingui } from '@lingui/react/macro';
import { PageHeader, Stack, Tabs, TabsContent, TabsList, TabsTrigger } from '@terrace/design-system';
import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { AbacSection } from './abac-section';
import { AiFeaturesSection } from './ai-features-section';
import { CustomRolesSection } from './custom-roles-section';
import { IdpSection } from './idp-section';
import { NotAvailableSection } from './not-available-section';
import { ProgrammaticUsersSection } from './programmatic-users-section';
import {
  defaultSettingsSection,
  resolveSettingsSection,
  settingsSectionGroups,
  settingsSectionLabels,
  unavailableSections,
  type SettingsSection,
} from './settings-sections';
import { SignInSection } from './sign-in-section';
import { TeamsSection } from './teams-section';
import { UsersSection } from './users-section';
import type { Permission } from '@terrace/domain';
import { useAccess } from '@terrace/session';

export interface OrganizationSettingsPageProps {
  /** Admins edit; viewers read with every control disabled and the reason shown. The route passes the session's access. */
  canEdit?: boolean;
  /** Why the section is read-only (from the shared access model); a generic reason otherwise. */
  readOnlyReason?: string | undefined;
}

/** /organization/setting?id=<section>: a vertical section navigation and the chosen section. */
export function OrganizationSettingsPage({ canEdit = true, readOnlyReason: refusal }: OrganizationSettingsPageProps) {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const requested = params.get('id');
  const section = resolveSettingsSection(requested) ?? defaultSettingsSection;

  // An alias or unknown id is rewritten to the canonical one, so links and the tab state agree.
  useEffect(() => {
    if (requested !== section) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('id', section);
          return next;
        },
        { replace: true },
      );
    }
  }, [requested, section, setParams]);

  const select = (next: string) =>
    setParams((current) => {
      // Paging belongs to the section it was set in.
      const kept = new URLSearchParams(current);
      kept.delete('page');
      kept.delete('pageSize');
      kept.set('id', next);
      return kept;
    });

  const readOnlyReason = refusal ?? t`Only organization admins can change these settings.`;
  const props = { canEdit, readOnlyReason };
  const content = (id: SettingsSection): ReactNode => {
    if (unavailableSections.has(id)) return <NotAvailableSection title={i18n._(settingsSectionLabels[id].title)} />;
    switch (id) {
      case 'user-list':
        return <UsersSection {...props} />;
      case 'programmatic-user-list':
        return <ProgrammaticUsersSection {...props} />;
      case 'team-list':
        return <TeamsSection {...props} />;
      case 'custom-roles':
        return <CustomRolesSection {...props} />;
      case 'idp':
        return <IdpSection {...props} />;
      case 'sign-in':
        return <SignInSection {...props} />;
      case 'abac':
        return <AbacSection {...props} />;
      case 'ai-features':
        return <AiFeaturesSection {...props} />;
      default:
        return null;
    }
  };

  return (
    <Stack gap={6} className="p-6">
      <PageHeader title={t`Organization settings`} description={canEdit ? undefined : readOnlyReason} />
      <Tabs orientation="vertical" value={section} onValueChange={select} className="flex flex-col gap-6 md:flex-row">
        <TabsList aria-label={t`Settings sections`} className="flex h-auto w-full shrink-0 flex-col items-stretch gap-4 border-b-0 p-0 md:w-56">
          {settingsSectionGroups.map((group) => (
            <div key={group.label.id} className="flex flex-col gap-0.5">
              <span className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase" aria-hidden="true">
                {i18n._(group.label)}
              </span>
              {group.sections.map((id) => (
                <TabsTrigger
                  key={id}
                  value={id}
                  // A vertical list marks the active section on its inline-start edge, not underneath.
                  className="-mb-0 justify-start rounded-e-md border-b-0 border-s-2 px-3 py-1.5 hover:bg-accent data-[state=active]:border-primary data-[state=active]:bg-primary-subtle data-[state=active]:text-primary-subtle-foreground"
                >
                  {i18n._(settingsSectionLabels[id].title)}
                </TabsTrigger>
              ))}
            </div>
          ))}
        </TabsList>
        <div className="min-w-0 flex-1">
          <TabsContent value={section}>
            <Stack gap={4}>
              <div>
                <h2 className="text-lg font-semibold">{i18n._(settingsSectionLabels[section].title)}</h2>
                <p className="text-sm text-muted-foreground">{i18n._(settingsSectionLabels[section].description)}</p>
              </div>
              {content(section)}
            </Stack>
          </TabsContent>
        </div>
      </Tabs>
    </Stack>
  );
}

/** The permission that changes each section, in the shared access model the server enforces. */
const sectionPermissions: Record<SettingsSection, Permission> = {
  'user-list': 'user:manage',
  'programmatic-user-list': 'programmaticUser:manage',
  'team-list': 'team:manage',
  'custom-roles': 'customRole:manage',
  idp: 'signInSettings:update',
  'sign-in': 'signInSettings:update',
  abac: 'customAbac:manage',
  'ai-features': 'orgConfiguration:update',
  'vcs-providers': 'vcsProvider:update',
  'cloud-creds': 'cloudCredentials:update',
  notification: 'notification:update',
  'ssh-keys': 'sshKey:update',
};

/** The route's page: each section is editable to those who hold its permission; the others read. */
export function OrganizationSettingsRoute() {
  const [params] = useSearchParams();
  const section = resolveSettingsSection(params.get('id')) ?? defaultSettingsSection;
  const access = useAccess(sectionPermissions[section]);
  return <OrganizationSettingsPage canEdit={access.allowed} readOnlyReason={access.allowed ? undefined : access.reason} />;
}

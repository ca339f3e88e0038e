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
import { useAccess } from '@terrace/session';

export interface OrganizationSettingsPageProps {
  /** Admins edit; viewers read with every control disabled and the reason shown. Until the session's useAccess is wired, the route passes it. */
  canEdit?: boolean;
}

/** /organization/setting?id=<section>: a vertical section navigation and the chosen section. */
export function OrganizationSettingsPage({ canEdit = true }: OrganizationSettingsPageProps) {
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

  const readOnlyReason = t`Only organization admins can change these settings.`;
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

/** The route's page: admins edit; viewers (the other role the route admits) read. */
export function OrganizationSettingsRoute() {
  const access = useAccess({ roles: ['admin'] });
  return <OrganizationSettingsPage canEdit={access.allowed} />;
}

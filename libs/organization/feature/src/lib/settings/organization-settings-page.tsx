import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { PageHeader, Skeleton, Stack, Tabs, TabsContent, TabsList, TabsTrigger } from '@terrace/design-system';
import {
  defaultSettingsSection,
  resolveSettingsSection,
  settingsSectionCatalogue,
  settingsSectionGroups,
  settingsSectionIds,
  useAccess,
  type SettingsSectionDefinition,
  type SettingsSectionGroup,
  type SettingsSectionId,
} from '@terrace/session';
import { Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { NotAvailableSection } from './not-available-section';

const groupNames: Record<SettingsSectionGroup, MessageDescriptor> = {
  people: msg`People`,
  signIn: msg`Sign-in`,
  integrations: msg`Integrations`,
  automation: msg`Automation`,
  features: msg`Features`,
};

export interface OrganizationSettingsPageProps {
  /** The sections the domains contribute, composed by the app (`composeSettingsSections`). */
  sections: ReadonlyMap<SettingsSectionId, SettingsSectionDefinition>;
  /**
   * Overrides each section's own access rule (tests and stories, which have no session). The
   * console leaves it out: a section's `edit` rule decides, and others read it disabled.
   */
  canEdit?: boolean;
}

/** /organization/setting?id=<section>: a vertical navigation of the contributed sections and the chosen one. */
export function OrganizationSettingsPage({ sections, canEdit }: OrganizationSettingsPageProps) {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const requested = params.get('id');
  const resolved = resolveSettingsSection(requested);
  const section = resolved && sections.has(resolved) ? resolved : sections.has(defaultSettingsSection) ? defaultSettingsSection : [...sections.keys()][0];

  // An alias or unknown id is rewritten to the canonical one, so links and the tab state agree.
  useEffect(() => {
    if (section && requested !== section) {
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

  if (!section) return null;
  const current = sections.get(section);

  return (
    <Stack gap={6} className="p-6">
      <PageHeader title={t`Organization settings`} />
      <Tabs orientation="vertical" value={section} onValueChange={select} className="flex flex-col gap-6 md:flex-row">
        <TabsList aria-label={t`Settings sections`} className="flex h-auto w-full shrink-0 flex-col items-stretch gap-4 border-b-0 p-0 md:w-56">
          {settingsSectionGroups.map((group) => {
            const ids = settingsSectionIds.filter((id) => settingsSectionCatalogue[id].group === group && sections.has(id));
            if (ids.length === 0) return null;
            return (
            <div key={group} className="flex flex-col gap-0.5">
              <span className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase" aria-hidden="true">
                {i18n._(groupNames[group])}
              </span>
              {ids.map((id) => (
                <TabsTrigger
                  key={id}
                  value={id}
                  // A vertical list marks the active section on its inline-start edge, not underneath.
                  className="-mb-0 justify-start rounded-e-md border-b-0 border-s-2 px-3 py-1.5 hover:bg-accent data-[state=active]:border-primary data-[state=active]:bg-primary-subtle data-[state=active]:text-primary-subtle-foreground"
                >
                  {i18n._(sections.get(id)?.title ?? groupNames[group])}
                </TabsTrigger>
              ))}
            </div>
            );
          })}
        </TabsList>
        <div className="min-w-0 flex-1">
          <TabsContent value={section}>
            <Stack gap={4}>
              <div>
                <h2 className="text-lg font-semibold">{current ? i18n._(current.title) : null}</h2>
                <p className="text-sm text-muted-foreground">{current ? i18n._(current.description) : null}</p>
              </div>
              {current?.content ? (
                <Suspense fallback={<Skeleton className="h-48 w-full" />}>
                  {canEdit === undefined ? <SectionWithAccess id={section} content={current.content} /> : <SectionContent content={current.content} canEdit={canEdit} />}
                </Suspense>
              ) : (
                <NotAvailableSection title={current ? i18n._(current.title) : section} />
              )}
            </Stack>
          </TabsContent>
        </div>
      </Tabs>
    </Stack>
  );
}

type SectionContentDefinition = NonNullable<SettingsSectionDefinition['content']>;

/** A section as the shared access model allows: those without its permission read it disabled, told why. */
function SectionWithAccess({ id, content }: { id: SettingsSectionId; content: SectionContentDefinition }) {
  const access = useAccess(settingsSectionCatalogue[id].edit);
  return <SectionContent content={content} canEdit={access.allowed} refusal={access.allowed ? undefined : access.reason} />;
}

function SectionContent({ content: { Component }, canEdit, refusal }: { content: SectionContentDefinition; canEdit: boolean; refusal?: string | undefined }) {
  const { t } = useLingui();
  const readOnlyReason = refusal ?? t`Only organization admins can change these settings.`;
  return (
    <Stack gap={4}>
      {canEdit ? null : <p className="text-sm text-muted-foreground">{readOnlyReason}</p>}
      <Component canEdit={canEdit} readOnlyReason={readOnlyReason} />
    </Stack>
  );
}

import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { SideNavGroup, SideNavItem, toast } from '@terrace/design-system';
import { aiFeatureMessages, aiFeatureNotice, aiFeatureState } from '@terrace/domain';
import { appPath, sessionQueries, sessionRequests, useApiClient } from '@terrace/session';
import { Link, useNavigate } from 'react-router';
import { NavIcon } from './nav-icon';

export interface AssistantEntryProps {
  /** The user's organization role: admins and viewers may enable AI features, members may not. */
  role: string;
}

/** Where admins and viewers without consent are sent (spec §6). */
export const aiFeaturesSettingsPath = appPath('organizationSetting', {}, { id: 'ai-features' });

/**
 * The AI Chat Assistant entry of the navigation (spec §2.4, §6). Without AI consent an admin or
 * viewer is sent to the AI features settings section ('Click here to enable AI features'); a
 * member sees the entry disabled with the message to contact an administrator. Every click is
 * reported as a console event (spec §7). The chat panel itself comes with the ai-chat library,
 * so with AI features on the entry says plainly that the assistant is not available yet.
 */
export function AssistantEntry({ role }: AssistantEntryProps) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const navigate = useNavigate();
  const settings = useQuery(sessionQueries.aiFeatures(client));
  const report = useMutation({
    mutationFn: () => sessionRequests.consoleEvent(client, { title: 'AI assistant icon clicked', message: 'The navigation entry of the AI Chat Assistant was clicked.' }),
  });
  const label = t`AI Chat Assistant`;
  const icon = <NavIcon name="assistant" />;

  if (settings.isPending) {
    return (
      <SideNavGroup>
        <SideNavItem asChild icon={icon} label={label} disabled description={i18n._(aiFeatureMessages.loading)}>
          <button type="button" />
        </SideNavItem>
      </SideNavGroup>
    );
  }

  // The server provisions the assistant with the organization: it is never "being set up".
  const state = aiFeatureState({ provisioned: true, enabled: settings.data?.enabled ?? false, consented: settings.data?.consented ?? false });
  const notice = aiFeatureNotice(state, role);

  if (notice?.linkToSettings) {
    return (
      <SideNavGroup>
        <SideNavItem asChild icon={icon} label={label} description={i18n._(notice.message)} data-testid="assistant-entry">
          <Link to={aiFeaturesSettingsPath} onClick={() => report.mutate()} />
        </SideNavItem>
      </SideNavGroup>
    );
  }
  if (notice) {
    return (
      <SideNavGroup>
        <SideNavItem asChild icon={icon} label={label} disabled description={i18n._(notice.message)} data-testid="assistant-entry">
          <button type="button" />
        </SideNavItem>
      </SideNavGroup>
    );
  }
  return (
    <SideNavGroup>
      <SideNavItem
        asChild
        icon={icon}
        label={label}
        data-testid="assistant-entry"
        onClick={async () => {
          report.mutate();
          // AI features may have been switched off since the entry last asked.
          const fresh = await settings.refetch();
          const now = aiFeatureNotice(
            aiFeatureState({ provisioned: true, enabled: fresh.data?.enabled ?? false, consented: fresh.data?.consented ?? false }),
            role,
          );
          if (now?.linkToSettings) await navigate(aiFeaturesSettingsPath);
          else if (!now) toast.info(t`The AI Chat Assistant is not available yet.`);
        }}
      >
        <button type="button" />
      </SideNavItem>
    </SideNavGroup>
  );
}

import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { SideNavGroup, SideNavItem, toast } from '@terrace/design-system';
import { sessionRequests, useApiClient } from '@terrace/session';
import { NavIcon } from './nav-icon';

/**
 * The AI Chat Assistant entry of the navigation (spec §2.4). Every click is reported as a console
 * event (spec §7); the chat panel itself comes with the ai-chat library, so until then the entry
 * says plainly that the assistant is not available yet.
 */
export function AssistantEntry() {
  const { t } = useLingui();
  const client = useApiClient();
  const report = useMutation({
    mutationFn: () => sessionRequests.consoleEvent(client, { title: 'AI assistant icon clicked', message: 'The navigation entry of the AI Chat Assistant was clicked.' }),
  });
  return (
    <SideNavGroup>
      <SideNavItem
        asChild
        icon={<NavIcon name="assistant" />}
        label={t`AI Chat Assistant`}
        onClick={() => {
          report.mutate();
          toast.info(t`The AI Chat Assistant is not available yet.`);
        }}
      >
        <button type="button" className="w-full cursor-pointer" />
      </SideNavItem>
    </SideNavGroup>
  );
}

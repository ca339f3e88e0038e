import { useLingui } from '@lingui/react/macro';
import {
  SideNav,
  SideNavCollapseToggle,
  SideNavContent,
  SideNavFooter,
  SideNavGroup,
  SideNavHeader,
  SideNavItem,
  SideNavSubgroup,
} from '@terrace/design-system';
import { Link, useLocation } from 'react-router';
import { AssistantEntry } from './assistant-entry';
import { BrandMark } from './brand-mark';
import { NavIcon } from './nav-icon';
import { findActiveLeafId, navLeafHref } from './nav-links';
import { navRuns, type VisibleNavGroup, type VisibleNavLeaf } from './nav-tree';
import { useActiveRouteId } from './use-active-route';

export interface AppSideNavProps {
  groups: VisibleNavGroup[];
  /** The AI Chat Assistant entry shows where the access rules allow it (hidden for namespace-only users). */
  showAssistant: boolean;
  /** The user's organization role (the assistant entry differs for admins and viewers, and members). */
  role: string;
  collapsed: boolean;
  onCollapsedChange: (collapsed: boolean) => void;
  className?: string;
}

/** The side navigation of spec §2.4: 250 px, 80 px collapsed. */
export function AppSideNav({ groups, showAssistant, role, collapsed, onCollapsedChange, className }: AppSideNavProps) {
  const { t, i18n } = useLingui();
  const routeId = useActiveRouteId();
  const { search } = useLocation();
  const activeId = findActiveLeafId(
    groups.flatMap((g) => g.items),
    routeId,
    search,
  );
  return (
    <SideNav collapsed={collapsed} aria-label={t`Main navigation`} className={className} data-testid="side-nav">
      <SideNavHeader>
        <BrandMark compact={collapsed} />
      </SideNavHeader>
      <SideNavContent>
        {groups.map((group) =>
          group.items.length === 1 && group.items[0] ? (
            <SideNavGroup key={group.id}>
              <SideNavItem
                asChild
                icon={<NavIcon name={group.icon} />}
                label={i18n._(group.items[0].label)}
                active={activeId === group.items[0].id}
                locked={group.items[0].locked}
              >
                <Link to={navLeafHref(group.items[0])} />
              </SideNavItem>
            </SideNavGroup>
          ) : (
            <SideNavGroup key={group.id} label={i18n._(group.label)}>
              {navRuns(group.items).map((run, index) => {
                const entry = (item: VisibleNavLeaf, first: boolean, nested: boolean) => (
                  <SideNavItem
                    key={item.id}
                    asChild
                    // Collapsed, every entry needs an icon to be found; the group icon marks its first entry.
                    icon={
                      collapsed || first ? <NavIcon name={group.icon} /> : nested ? undefined : <span className="size-[18px]" />
                    }
                    label={i18n._(item.label)}
                    active={activeId === item.id}
                    locked={item.locked}
                  >
                    <Link to={navLeafHref(item)} />
                  </SideNavItem>
                );
                if (run.kind === 'leaf') return entry(run.leaf, index === 0, false);
                return (
                  <SideNavSubgroup key={run.subgroup.id} label={i18n._(run.subgroup.label)}>
                    {run.leaves.map((leaf, i) => entry(leaf, index === 0 && i === 0, true))}
                  </SideNavSubgroup>
                );
              })}
            </SideNavGroup>
          ),
        )}
        {showAssistant && <AssistantEntry role={role} />}
      </SideNavContent>
      <SideNavFooter>
        <SideNavCollapseToggle collapsed={collapsed} onCollapsedChange={onCollapsedChange} />
      </SideNavFooter>
    </SideNav>
  );
}

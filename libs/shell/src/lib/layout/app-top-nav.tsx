import { useLingui } from '@lingui/react/macro';
import { cn, Deferred } from '@terrace/design-system';
import { ChevronDown, Lock } from 'lucide-react';
import type { CSSProperties } from 'react';
import { Link, useLocation } from 'react-router';
import { NavIcon } from './nav-icon';
import { findActiveLeafId, navLeafHref } from './nav-links';
import type { VisibleNavGroup } from './nav-tree';
import { useActiveRouteId } from './use-active-route';

// A group's menu (the Radix menu code) loads on the first use of its entry (ARCHITECTURE §8).
const loadGroupMenu = () => import('./top-nav-group-menu').then((m) => m.TopNavGroupMenu);

export const topNavEntryClass =
  'inline-flex h-9 shrink-0 items-center gap-2 rounded-md px-3 text-sm font-medium text-nav-foreground hover:bg-surface/25 focus-visible:outline-2 focus-visible:outline-ring data-[active=true]:bg-surface/35';

export interface AppTopNavProps {
  groups: VisibleNavGroup[];
  /** The user's top navigation colour (local settings, default #3e82f7). */
  color: string;
  className?: string;
}

/** What a group's entry shows: its icon, its name and the menu's chevron. */
export function TopNavGroupLabel({ group }: { group: VisibleNavGroup }) {
  const { i18n } = useLingui();
  return (
    <>
      <NavIcon name={group.icon} />
      {i18n._(group.label)}
      <ChevronDown aria-hidden className="size-4" />
    </>
  );
}

/** The top navigation: one entry per group, a menu for groups with several pages. */
export function AppTopNav({ groups, color, className }: AppTopNavProps) {
  const { t, i18n } = useLingui();
  const routeId = useActiveRouteId();
  const { search } = useLocation();
  const activeId = findActiveLeafId(
    groups.flatMap((g) => g.items),
    routeId,
    search,
  );
  return (
    <nav
      aria-label={t`Main navigation`}
      data-testid="top-nav"
      className={cn('relative flex h-12 items-center gap-1 overflow-x-auto bg-nav px-4', className)}
      style={{ '--nav': color } as CSSProperties}
    >
      {groups.map((group) => {
        const only = group.items.length === 1 ? group.items[0] : undefined;
        if (only) {
          return (
            <Link key={group.id} to={navLeafHref(only)} className={topNavEntryClass} data-active={activeId === only.id} aria-current={activeId === only.id ? 'page' : undefined}>
              <NavIcon name={group.icon} />
              {i18n._(only.label)}
              {only.locked && <Lock aria-label={t`(locked)`} className="size-3.5" />}
            </Link>
          );
        }
        const groupActive = group.items.some((item) => item.id === activeId);
        return (
          <Deferred
            key={group.id}
            load={loadGroupMenu}
            props={{ group, activeId, active: groupActive }}
            trigger={(trigger) => (
              <button {...trigger} type="button" aria-haspopup="menu" className={topNavEntryClass} data-active={groupActive}>
                <TopNavGroupLabel group={group} />
              </button>
            )}
          />
        );
      })}
    </nav>
  );
}

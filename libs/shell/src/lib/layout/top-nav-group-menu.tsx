import { useLingui } from '@lingui/react/macro';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@terrace/design-system';
import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { TopNavGroupLabel, topNavEntryClass } from './app-top-nav';
import { navLeafHref } from './nav-links';
import { navRuns, type VisibleNavGroup, type VisibleNavLeaf } from './nav-tree';

/** A top navigation group's menu of pages, loaded on the first use of its entry (app-top-nav.tsx). */
export function TopNavGroupMenu({
  group,
  activeId,
  active,
  defaultOpen,
}: {
  group: VisibleNavGroup;
  activeId: string | null;
  active: boolean;
  defaultOpen?: boolean;
}) {
  const { t, i18n } = useLingui();
  const entry = (item: VisibleNavLeaf) => (
    <DropdownMenuItem key={item.id} asChild>
      <Link to={navLeafHref(item)} aria-current={activeId === item.id ? 'page' : undefined}>
        {i18n._(item.label)}
        {item.locked && <Lock aria-label={t`(locked)`} className="ms-auto size-3.5" />}
      </Link>
    </DropdownMenuItem>
  );
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className={topNavEntryClass} data-active={active}>
        <TopNavGroupLabel group={group} />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {navRuns(group.items).map((run) =>
          run.kind === 'leaf' ? (
            entry(run.leaf)
          ) : (
            <DropdownMenuGroup key={run.subgroup.id} aria-label={i18n._(run.subgroup.label)}>
              <DropdownMenuLabel aria-hidden>{i18n._(run.subgroup.label)}</DropdownMenuLabel>
              {run.leaves.map(entry)}
            </DropdownMenuGroup>
          ),
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

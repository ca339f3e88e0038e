import { useLingui } from '@lingui/react/macro';
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  Tooltip,
} from '@terrace/design-system';
import { Bookmark, Star } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { findActiveLeafId, navLeafHref } from '../layout/nav-links';
import type { VisibleNavGroup } from '../layout/nav-tree';
import { useActiveRouteId } from '../layout/use-active-route';
import { useBookmarks } from './use-bookmarks';

/** The star toggle for the current menu entry and the list of bookmarked entries. */
export function BookmarksMenu({ groups }: { groups: VisibleNavGroup[] }) {
  const { t, i18n } = useLingui();
  const { ids, toggle, has } = useBookmarks();
  const routeId = useActiveRouteId();
  const { search } = useLocation();
  const leaves = groups.flatMap((g) => g.items);
  const currentId = findActiveLeafId(leaves, routeId, search);
  const bookmarked = leaves.filter((leaf) => ids.includes(leaf.id));
  const starLabel = currentId && has(currentId) ? t`Remove from bookmarks` : t`Add to bookmarks`;

  return (
    <div className="flex items-center">
      {currentId && (
        <Tooltip content={starLabel}>
          <Button variant="ghost" size="icon" aria-label={starLabel} aria-pressed={has(currentId)} onClick={() => toggle(currentId)}>
            <Star className={has(currentId) ? 'fill-warning text-warning' : undefined} />
          </Button>
        </Tooltip>
      )}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={t`Bookmarks`}>
            <Bookmark />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          <DropdownMenuLabel>{t`Bookmarks`}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {bookmarked.length === 0 ? (
            <p className="px-2 py-3 text-sm text-muted-foreground">{t`Star a page to keep it here.`}</p>
          ) : (
            bookmarked.map((leaf) => (
              <DropdownMenuItem key={leaf.id} asChild>
                <Link to={navLeafHref(leaf)}>{i18n._(leaf.label)}</Link>
              </DropdownMenuItem>
            ))
          )}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

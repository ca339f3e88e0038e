import { useLingui } from '@lingui/react/macro';
import { Button, Deferred, DeferredTooltip, type ButtonProps } from '@terrace/design-system';
import { Bookmark, Star } from 'lucide-react';
import { useLocation } from 'react-router';
import { findActiveLeafId } from '../layout/nav-links';
import type { VisibleNavGroup } from '../layout/nav-tree';
import { useActiveRouteId } from '../layout/use-active-route';
import { useBookmarks } from './use-bookmarks';

// The list (the Radix menu code) loads on the first use of its button (ARCHITECTURE §8).
const loadDropdown = () => import('./bookmarks-dropdown').then((m) => m.BookmarksDropdown);

/** The bookmarks button: the trigger of the list, rendered before the list has loaded. */
export function BookmarksButton(props: ButtonProps) {
  const { t } = useLingui();
  return (
    <Button variant="ghost" size="icon" aria-label={t`Bookmarks`} {...props}>
      <Bookmark />
    </Button>
  );
}

/** The star toggle for the current menu entry and the list of bookmarked entries. */
export function BookmarksMenu({ groups }: { groups: VisibleNavGroup[] }) {
  const { t } = useLingui();
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
        <DeferredTooltip content={starLabel}>
          <Button variant="ghost" size="icon" aria-label={starLabel} aria-pressed={has(currentId)} onClick={() => toggle(currentId)}>
            <Star className={has(currentId) ? 'fill-warning text-warning' : undefined} />
          </Button>
        </DeferredTooltip>
      )}
      <Deferred
        load={loadDropdown}
        props={{ bookmarked }}
        trigger={(trigger) => <BookmarksButton {...trigger} aria-haspopup="menu" />}
      />
    </div>
  );
}

import { useLingui } from '@lingui/react/macro';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@terrace/design-system';
import { Link } from 'react-router';
import { navLeafHref } from '../layout/nav-links';
import type { VisibleNavLeaf } from '../layout/nav-tree';
import { BookmarksButton } from './bookmarks-menu';

/** The list of bookmarked entries, loaded on the first use of its button (bookmarks-menu.tsx). */
export function BookmarksDropdown({ bookmarked, defaultOpen }: { bookmarked: VisibleNavLeaf[]; defaultOpen?: boolean }) {
  const { t, i18n } = useLingui();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <BookmarksButton />
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
  );
}

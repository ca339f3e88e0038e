import { useLingui } from '@lingui/react/macro';
import { ChevronRight } from 'lucide-react';
import { Slot } from '../../lib/slot';
import type { ComponentProps, ReactElement } from 'react';
import { cn } from '../../lib/cn';

export function Breadcrumbs({ className, children, ...props }: ComponentProps<'nav'>) {
  const { t } = useLingui();
  return (
    <nav data-slot="breadcrumbs" aria-label={t`Breadcrumb`} className={className} {...props}>
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
        {children}
      </ol>
    </nav>
  );
}

export function BreadcrumbItem({ className, children, ...props }: ComponentProps<'li'>) {
  return (
    <li
      data-slot="breadcrumb-item"
      className={cn('group/crumb inline-flex items-center gap-1.5', className)}
      {...props}
    >
      {children}
      {/* The separator belongs to the item so the list keeps only list items; the last one hides it. */}
      <ChevronRight
        aria-hidden
        className="size-3.5 text-muted-foreground group-last/crumb:hidden rtl:rotate-180"
      />
    </li>
  );
}

export interface BreadcrumbLinkProps extends ComponentProps<'a'> {
  /** Pass a router link as the child to keep client-side navigation. */
  asChild?: boolean;
}

export function BreadcrumbLink({ className, asChild = false, ...props }: BreadcrumbLinkProps) {
  const Comp = asChild ? Slot : 'a';
  return (
    <Comp
      data-slot="breadcrumb-link"
      className={cn(
        'rounded-sm transition-colors hover:text-foreground hover:underline underline-offset-4',
        className,
      )}
      {...props}
    />
  );
}

export function BreadcrumbPage({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      data-slot="breadcrumb-page"
      aria-current="page"
      className={cn('font-medium text-foreground', className)}
      {...props}
    />
  );
}

export interface BreadcrumbTrailProps {
  /**
   * Where the page sits: router links (`<Link to={…}>Namespaces</Link>`), outermost first; a
   * falsy entry (a parent that exists only sometimes) is left out.
   */
  trail: readonly (ReactElement | false | null | undefined)[];
  /** The last crumb: the page itself (an object's name, 'Create', 'Edit'). */
  current: string;
}

/** The breadcrumbs of a page from its trail of links and its own name. */
export function BreadcrumbTrail({ trail, current }: BreadcrumbTrailProps) {
  return (
    <Breadcrumbs>
      {trail.map((link, index) =>
        link ? (
          <BreadcrumbItem key={link.key ?? index}>
            <BreadcrumbLink asChild>{link}</BreadcrumbLink>
          </BreadcrumbItem>
        ) : null,
      )}
      <BreadcrumbItem>
        <BreadcrumbPage>{current}</BreadcrumbPage>
      </BreadcrumbItem>
    </Breadcrumbs>
  );
}

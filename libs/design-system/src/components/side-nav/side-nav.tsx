import { useLingui } from '@lingui/react/macro';
import { Lock, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Slot, Slottable } from '../../lib/slot';
import {
  createContext,
  useContext,
  useId,
  type ComponentProps,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';
import { DeferredTooltip } from '../../lib/deferred';

const SideNavContext = createContext({ collapsed: false });

export interface SideNavProps extends ComponentProps<'nav'> {
  /** 80 px wide with icons only instead of 250 px (spec: side navigation width 250, collapsed 80). */
  collapsed?: boolean;
}

const itemSelector = '[data-slot="side-nav-item"]:not([aria-disabled="true"])';

/** Arrow keys, Home and End move between items, as in a menu; Tab still leaves the navigation. */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(itemSelector));
  if (items.length === 0) return;
  const index = items.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? items.length - 1
        : event.key === 'ArrowDown'
          ? (index + 1) % items.length
          : (index - 1 + items.length) % items.length;
  event.preventDefault();
  items[next]?.focus();
}

export function SideNav({
  collapsed = false,
  className,
  onKeyDown,
  children,
  ...props
}: SideNavProps) {
  return (
    <SideNavContext.Provider value={{ collapsed }}>
      {/* The keys come from the focused links inside; the nav only moves focus between them. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <nav
        data-slot="side-nav"
        data-collapsed={collapsed || undefined}
        onKeyDown={(event) => {
          moveFocus(event);
          onKeyDown?.(event);
        }}
        className={cn(
          'flex h-full shrink-0 flex-col border-e border-border bg-surface text-surface-foreground transition-[width] duration-200',
          collapsed ? 'w-20' : 'w-[250px]',
          className,
        )}
        {...props}
      >
        {children}
      </nav>
    </SideNavContext.Provider>
  );
}

export function useSideNav() {
  return useContext(SideNavContext);
}

export function SideNavHeader({ className, ...props }: ComponentProps<'div'>) {
  const { collapsed } = useSideNav();
  return (
    <div
      data-slot="side-nav-header"
      className={cn(
        'flex h-14 shrink-0 items-center gap-2 border-b border-border px-4',
        collapsed && 'justify-center px-2',
        className,
      )}
      {...props}
    />
  );
}

export function SideNavContent({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="side-nav-content"
      className={cn('flex flex-1 flex-col gap-4 overflow-y-auto px-3 py-3', className)}
      {...props}
    />
  );
}

export function SideNavFooter({ className, ...props }: ComponentProps<'div'>) {
  const { collapsed } = useSideNav();
  return (
    <div
      data-slot="side-nav-footer"
      className={cn(
        'flex shrink-0 items-center gap-2 border-t border-border p-3',
        collapsed && 'justify-center',
        className,
      )}
      {...props}
    />
  );
}

export interface SideNavGroupProps extends ComponentProps<'div'> {
  label?: ReactNode;
}

export function SideNavGroup({ label, className, children, ...props }: SideNavGroupProps) {
  const { collapsed } = useSideNav();
  const labelId = useId();
  return (
    <div
      data-slot="side-nav-group"
      role="group"
      aria-labelledby={label ? labelId : undefined}
      className={cn('flex flex-col gap-0.5', className)}
      {...props}
    >
      {label && (
        <div
          id={labelId}
          className={cn(
            'px-3 pt-1 pb-1.5 text-xs font-medium tracking-wide text-muted-foreground uppercase',
            collapsed && 'sr-only',
          )}
        >
          {label}
        </div>
      )}
      {collapsed && label && (
        <div aria-hidden="true" className="mx-3 mb-1 border-t border-border" />
      )}
      <ul className="flex flex-col gap-0.5">{children}</ul>
    </div>
  );
}

export interface SideNavSubgroupProps extends ComponentProps<'li'> {
  label: ReactNode;
}

/** A labelled group of items inside a group (e.g. Private Registry inside Terraform Explorer). */
export function SideNavSubgroup({ label, className, children, ...props }: SideNavSubgroupProps) {
  const { collapsed } = useSideNav();
  const labelId = useId();
  return (
    <li data-slot="side-nav-subgroup" className={cn('flex flex-col', className)} {...props}>
      <div role="group" aria-labelledby={labelId} className="flex flex-col gap-0.5">
        <div
          id={labelId}
          title={typeof label === 'string' && !collapsed ? label : undefined}
          className={cn('truncate ps-[42px] pe-3 pt-1.5 pb-0.5 text-xs font-medium text-muted-foreground', collapsed && 'sr-only')}
        >
          {label}
        </div>
        <ul className={cn('flex flex-col gap-0.5', !collapsed && 'ms-[30px] border-s border-border ps-1')}>{children}</ul>
      </div>
    </li>
  );
}

export interface SideNavItemProps extends ComponentProps<'a'> {
  icon?: ReactNode;
  label: ReactNode;
  active?: boolean;
  /** Shows a lock: the feature exists but the organization's plan or the user's role keeps it closed. */
  locked?: boolean;
  /** Render the child (a router link) as the item, keeping client-side navigation. */
  asChild?: boolean;
  /** A short line under the label (e.g. why the entry is disabled); it also describes the item. */
  description?: ReactNode;
  /** Shown but not usable: the item cannot be activated and arrow keys skip it; the description says why. */
  disabled?: boolean;
}

export function SideNavItem({
  icon,
  label,
  active = false,
  locked = false,
  asChild = false,
  description,
  disabled = false,
  className,
  children,
  onClick,
  ...props
}: SideNavItemProps) {
  const { t } = useLingui();
  const { collapsed } = useSideNav();
  const descriptionId = useId();
  const Comp = asChild ? Slot : 'a';
  const text = typeof label === 'string' ? label : undefined;
  const item = (
    <Comp
      data-slot="side-nav-item"
      data-active={active || undefined}
      data-locked={locked || undefined}
      aria-current={active ? 'page' : undefined}
      aria-disabled={disabled || undefined}
      aria-describedby={description ? descriptionId : undefined}
      // A label cut short (long French or Japanese names) stays readable on hover.
      title={collapsed ? undefined : text}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (disabled) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      className={cn(
        'group/item flex min-h-9 w-full items-center gap-3 rounded-md px-3 text-start text-sm font-medium text-muted-foreground transition-colors',
        'hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
        active &&
          'bg-primary-subtle text-primary-subtle-foreground hover:bg-primary-subtle hover:text-primary-subtle-foreground',
        disabled && 'cursor-not-allowed opacity-60 hover:bg-transparent hover:text-muted-foreground',
        description && !collapsed && 'py-1.5',
        collapsed && 'justify-center px-0',
        className,
      )}
      {...props}
    >
      {icon && (
        <span aria-hidden="true" className={cn('flex shrink-0 [&_svg]:size-[18px]', description && !collapsed && 'self-start pt-px')}>
          {icon}
        </span>
      )}
      <Slottable>{asChild ? children : null}</Slottable>
      <span className={cn('flex min-w-0 flex-1 flex-col', collapsed && 'sr-only')}>
        <span className="truncate">{label}</span>
        {description && (
          // Hidden from the name (it would join the label); aria-describedby still reads it.
          <span id={descriptionId} aria-hidden="true" className="text-xs font-normal whitespace-normal text-muted-foreground">
            {description}
          </span>
        )}
      </span>
      {locked && (
        <span className={cn('flex shrink-0 text-muted-foreground', collapsed && 'absolute')}>
          <Lock aria-hidden="true" className={cn('size-3.5', collapsed && 'hidden')} />
          <span className="sr-only">{t`(locked)`}</span>
        </span>
      )}
    </Comp>
  );
  return (
    <li className="relative">
      {collapsed ? (
        <DeferredTooltip content={label} side="end">
          {item}
        </DeferredTooltip>
      ) : (
        item
      )}
    </li>
  );
}

export interface SideNavCollapseToggleProps {
  collapsed: boolean;
  onCollapsedChange: (collapsed: boolean) => void;
  className?: string;
}

export function SideNavCollapseToggle({
  collapsed,
  onCollapsedChange,
  className,
}: SideNavCollapseToggleProps) {
  const { t } = useLingui();
  const Icon = collapsed ? PanelLeftOpen : PanelLeftClose;
  return (
    <Button
      data-slot="side-nav-collapse-toggle"
      variant="ghost"
      size="icon"
      aria-label={collapsed ? t`Expand navigation` : t`Collapse navigation`}
      aria-expanded={!collapsed}
      onClick={() => onCollapsedChange(!collapsed)}
      className={className}
    >
      <Icon className="rtl:-scale-x-100" aria-hidden />
    </Button>
  );
}

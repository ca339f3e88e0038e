import { cva } from 'class-variance-authority';
import { Direction } from 'radix-ui';
import { createContext, useContext, useId, type ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { useControllableState } from '../../lib/use-controllable-state';

type TabsVariant = 'underline' | 'pills';
type Orientation = 'horizontal' | 'vertical';

interface TabsContextValue {
  baseId: string;
  value: string;
  onValueChange: (value: string) => void;
  orientation: Orientation;
  variant: TabsVariant;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabsContext(part: string) {
  const context = useContext(TabsContext);
  if (!context) throw new Error(`${part} must be inside <Tabs>`);
  return context;
}

const safeId = (value: string) => value.replace(/\s+/g, '-');
const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${safeId(value)}`;
const contentId = (baseId: string, value: string) => `${baseId}-content-${safeId(value)}`;

export interface TabsProps extends Omit<ComponentProps<'div'>, 'defaultValue' | 'dir'> {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  orientation?: Orientation;
  variant?: TabsVariant;
}

/**
 * Tabs as WAI-ARIA describes them (the markup, ids, data attributes and keys of Radix Tabs, which
 * they replace: a page with tabs no longer loads Radix's collection and roving-focus code, about
 * 7 KiB gzip). One tab is the Tab stop; the arrow keys of the list's orientation (the horizontal
 * ones following the reading direction), Home and End move focus, wrapping, and select the tab
 * focused. Controlled with `value`/`onValueChange` (pair with useUrlTab to keep the tab in the URL).
 */
export function Tabs({ className, variant = 'underline', orientation = 'horizontal', value: given, defaultValue, onValueChange, ...props }: TabsProps) {
  const baseId = useId();
  const [value, setValue] = useControllableState(given, onValueChange, defaultValue ?? '');
  const direction = Direction.useDirection();
  return (
    <TabsContext.Provider value={{ baseId, value, onValueChange: setValue, orientation, variant }}>
      <div data-slot="tabs" dir={direction} data-orientation={orientation} className={cn('flex flex-col gap-4', className)} {...props} />
    </TabsContext.Provider>
  );
}

const listVariants = cva('inline-flex items-center', {
  variants: {
    variant: {
      underline: 'w-full gap-4 border-b border-border',
      pills: 'w-fit gap-1 rounded-lg bg-muted p-1',
    },
  },
});

const keysForward: Record<Orientation, Record<'ltr' | 'rtl', string>> = {
  horizontal: { ltr: 'ArrowRight', rtl: 'ArrowLeft' },
  vertical: { ltr: 'ArrowDown', rtl: 'ArrowDown' },
};
const keysBackward: Record<Orientation, Record<'ltr' | 'rtl', string>> = {
  horizontal: { ltr: 'ArrowLeft', rtl: 'ArrowRight' },
  vertical: { ltr: 'ArrowUp', rtl: 'ArrowUp' },
};

export function TabsList({ className, ...props }: ComponentProps<'div'>) {
  const { orientation, variant } = useTabsContext('TabsList');
  return (
    <div
      role="tablist"
      aria-orientation={orientation}
      data-orientation={orientation}
      data-slot="tabs-list"
      className={cn(listVariants({ variant }), className)}
      {...props}
    />
  );
}

/** The tab an arrow key, Home or End moves focus to from `tab`, wrapping; null for other keys. */
function tabToFocus(tab: HTMLElement, key: string, orientation: Orientation, direction: 'ltr' | 'rtl') {
  const list = tab.closest('[role="tablist"]');
  const tabs = list ? [...list.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])')] : [];
  const from = tabs.indexOf(tab as HTMLButtonElement);
  if (from === -1) return null;
  const to =
    key === keysForward[orientation][direction]
      ? (from + 1) % tabs.length
      : key === keysBackward[orientation][direction]
        ? (from - 1 + tabs.length) % tabs.length
        : key === 'Home' || key === 'PageUp'
          ? 0
          : key === 'End' || key === 'PageDown'
            ? tabs.length - 1
            : null;
  return to === null ? null : (tabs[to] ?? null);
}

const triggerVariants = cva(
  [
    'inline-flex cursor-pointer items-center justify-center gap-2 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors',
    'hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
    'disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4',
  ],
  {
    variants: {
      variant: {
        underline:
          '-mb-px border-b-2 border-transparent px-1 pt-1 pb-2.5 data-[state=active]:border-primary data-[state=active]:text-foreground',
        pills:
          'h-7 rounded-md px-3 data-[state=active]:bg-surface data-[state=active]:text-foreground data-[state=active]:shadow-xs',
      },
    },
  },
);

export interface TabsTriggerProps extends Omit<ComponentProps<'button'>, 'value'> {
  value: string;
}

export function TabsTrigger({ className, value, disabled, onMouseDown, onKeyDown, onFocus, ...props }: TabsTriggerProps) {
  const context = useTabsContext('TabsTrigger');
  const direction = Direction.useDirection();
  const selected = context.value === value;
  const select = () => {
    if (!disabled && !selected) context.onValueChange(value);
  };
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(context.baseId, value)}
      aria-selected={selected}
      aria-controls={contentId(context.baseId, value)}
      data-state={selected ? 'active' : 'inactive'}
      data-disabled={disabled ? '' : undefined}
      data-orientation={context.orientation}
      data-slot="tabs-trigger"
      disabled={disabled}
      tabIndex={selected ? 0 : -1}
      className={cn(triggerVariants({ variant: context.variant }), className)}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        // A primary press without a modifier selects at once (a ctrl-click is the context menu on macOS).
        if (!event.defaultPrevented && event.button === 0 && !event.ctrlKey) select();
        // Keeps focus off an unselectable tab, as a disabled button does.
        else if (event.button === 0) event.preventDefault();
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.defaultPrevented) return;
        if (event.key === ' ' || event.key === 'Enter') return select();
        if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
        const next = tabToFocus(event.currentTarget, event.key, context.orientation, direction);
        if (!next) return;
        event.preventDefault();
        // Focusing a tab selects it (automatic activation, onFocus below).
        next.focus();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        // Automatic activation: the tab that takes focus is the one shown.
        if (!event.defaultPrevented) select();
      }}
      {...props}
    />
  );
}

export interface TabsContentProps extends ComponentProps<'div'> {
  value: string;
}

/** The selected tab's panel; the others are not rendered. */
export function TabsContent({ className, value, ...props }: TabsContentProps) {
  const context = useTabsContext('TabsContent');
  if (context.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={contentId(context.baseId, value)}
      aria-labelledby={triggerId(context.baseId, value)}
      data-state="active"
      data-orientation={context.orientation}
      data-slot="tabs-content"
      tabIndex={0}
      className={cn('outline-none focus-visible:outline-2 focus-visible:outline-ring', className)}
      {...props}
    />
  );
}

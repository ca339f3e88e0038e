// Stand-ins for design-system components that are built on the design-system branch but not on
// main yet (Tabs, useUrlTab, Switch, RadioGroup). Same names, props and classes as there, so the
// switch is a change of import path; delete this file when @terrace/design-system exports them.
import { cn } from '@terrace/design-system';
import { RadioGroup as RadioGroupPrimitive, Switch as SwitchPrimitive, Tabs as TabsPrimitive } from 'radix-ui';
import { useCallback, type ComponentProps } from 'react';

export function Tabs({ className, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root data-slot="tabs" className={cn('flex flex-col gap-4', className)} {...props} />;
}

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List data-slot="tabs-list" className={cn('inline-flex w-full items-center gap-4 border-b border-border', className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      className={cn(
        'inline-flex cursor-pointer items-center justify-center gap-2 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors',
        'hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50',
        '-mb-px border-b-2 border-transparent px-1 pt-1 pb-2.5 data-[state=active]:border-primary data-[state=active]:text-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content data-slot="tabs-content" className={cn('outline-none focus-visible:outline-2 focus-visible:outline-ring', className)} {...props} />;
}

type SearchParamsPair = readonly [URLSearchParams, (next: URLSearchParams, options?: { replace?: boolean }) => void];

/** The active tab from a query parameter; the default tab is left out of the URL. */
export function useUrlTab<T extends string>(
  param: string,
  [searchParams, setSearchParams]: SearchParamsPair,
  { defaultTab, tabs }: { defaultTab: T; tabs?: readonly T[] },
) {
  const raw = searchParams.get(param);
  const value = (raw !== null && (!tabs || (tabs as readonly string[]).includes(raw)) ? raw : defaultTab) as T;
  const setValue = useCallback(
    (next: string) => {
      const params = new URLSearchParams(searchParams);
      if (next === defaultTab) params.delete(param);
      else params.set(param, next);
      setSearchParams(params, { replace: true });
    },
    [defaultTab, param, searchParams, setSearchParams],
  );
  return [value, setValue] as const;
}

export function Switch({ className, size = 'md', ...props }: ComponentProps<typeof SwitchPrimitive.Root> & { size?: 'sm' | 'md' }) {
  return (
    <SwitchPrimitive.Root
      data-slot="switch"
      className={cn(
        'peer inline-flex shrink-0 cursor-pointer items-center rounded-full border border-transparent transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        'data-[state=checked]:bg-primary data-[state=unchecked]:bg-input disabled:cursor-not-allowed disabled:opacity-50',
        size === 'sm' ? 'h-4 w-7' : 'h-5 w-9',
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb
        data-slot="switch-thumb"
        className={cn(
          'pointer-events-none block rounded-full bg-white shadow-sm transition-transform',
          size === 'sm'
            ? 'size-3 data-[state=checked]:translate-x-3.5 data-[state=unchecked]:translate-x-0.5 rtl:data-[state=checked]:-translate-x-3.5 rtl:data-[state=unchecked]:-translate-x-0.5'
            : 'size-4 data-[state=checked]:translate-x-4.5 data-[state=unchecked]:translate-x-0.5 rtl:data-[state=checked]:-translate-x-4.5 rtl:data-[state=unchecked]:-translate-x-0.5',
        )}
      />
    </SwitchPrimitive.Root>
  );
}

export function RadioGroup({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return <RadioGroupPrimitive.Root data-slot="radio-group" className={cn('grid gap-2.5', className)} {...props} />;
}

export function RadioGroupItem({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      data-slot="radio-group-item"
      className={cn(
        'aspect-square size-4 shrink-0 cursor-pointer rounded-full border border-input bg-surface shadow-xs transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        'data-[state=checked]:border-primary disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <RadioGroupPrimitive.Indicator data-slot="radio-group-indicator" className="flex items-center justify-center">
        <span className="size-2 rounded-full bg-primary" />
      </RadioGroupPrimitive.Indicator>
    </RadioGroupPrimitive.Item>
  );
}

import { cva } from 'class-variance-authority';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { createContext, useContext, type ComponentProps } from 'react';
import { cn } from '../../lib/cn';

type TabsVariant = 'underline' | 'pills';
const TabsVariantContext = createContext<TabsVariant>('underline');

export interface TabsProps extends ComponentProps<typeof TabsPrimitive.Root> {
  variant?: TabsVariant;
}

/** Controlled with `value`/`onValueChange` (pair with useUrlTab to keep the tab in the URL). */
export function Tabs({ className, variant = 'underline', ...props }: TabsProps) {
  return (
    <TabsVariantContext.Provider value={variant}>
      <TabsPrimitive.Root
        data-slot="tabs"
        className={cn('flex flex-col gap-4', className)}
        {...props}
      />
    </TabsVariantContext.Provider>
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

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  const variant = useContext(TabsVariantContext);
  return (
    <TabsPrimitive.List
      data-slot="tabs-list"
      className={cn(listVariants({ variant }), className)}
      {...props}
    />
  );
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

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  const variant = useContext(TabsVariantContext);
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      className={cn(triggerVariants({ variant }), className)}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      data-slot="tabs-content"
      className={cn('outline-none focus-visible:outline-2 focus-visible:outline-ring', className)}
      {...props}
    />
  );
}

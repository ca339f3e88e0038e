import type { Meta, StoryObj } from '@storybook/react-vite';
import { Activity, Boxes, Settings } from 'lucide-react';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';
import { useUrlTab } from './use-url-tab';

function Demo({ variant = 'underline' }: { variant?: 'underline' | 'pills' }) {
  // In the console this pair is react-router's useSearchParams(); here the story keeps its own.
  const [params, setParams] = useState(() => new URLSearchParams());
  const [tab, setTab] = useUrlTab('tab', [params, setParams], {
    defaultTab: 'runs',
    tabs: ['runs', 'resources', 'settings'],
  });
  return (
    <Tabs value={tab} onValueChange={setTab} variant={variant}>
      <TabsList aria-label="Stack sections">
        <TabsTrigger value="runs">
          <Activity aria-hidden /> Runs
        </TabsTrigger>
        <TabsTrigger value="resources">
          <Boxes aria-hidden /> Resources
        </TabsTrigger>
        <TabsTrigger value="settings">
          <Settings aria-hidden /> Settings
        </TabsTrigger>
        <TabsTrigger value="locked" disabled>
          Locked
        </TabsTrigger>
      </TabsList>
      <TabsContent value="runs">Runs of this stack. URL query: ?{params.toString()}</TabsContent>
      <TabsContent value="resources">
        Resources of this stack. URL query: ?{params.toString()}
      </TabsContent>
      <TabsContent value="settings">Settings. URL query: ?{params.toString()}</TabsContent>
    </Tabs>
  );
}

const meta = {
  title: 'Navigation/Tabs',
  component: Demo,
  args: { variant: 'underline' },
  argTypes: { variant: { control: 'inline-radio', options: ['underline', 'pills'] } },
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const InTheUrl: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Settings' }));
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('?tab=settings');
  },
};
export const Pills: Story = { args: { variant: 'pills' } };

export const Matrix: Story = {
  render: () => (
    <div className="flex flex-col gap-10">
      <Demo variant="underline" />
      <Demo variant="pills" />
    </div>
  ),
};

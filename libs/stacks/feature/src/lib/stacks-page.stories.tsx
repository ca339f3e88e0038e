import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryApp } from '../testing/story-app';
import { StacksPage } from './stacks-page';

const meta = {
  title: 'Stacks/Page',
  component: StoryApp,
  args: {
    path: 'stack/:stackId',
    url: '/app/stack/:stackId',
    element: <StacksPage />,
    routes: { 'GET /stack': () => [] },
  },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

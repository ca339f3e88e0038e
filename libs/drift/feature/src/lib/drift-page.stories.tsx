import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryApp } from '../testing/story-app';
import { DriftPage } from './drift-page';

const meta = {
  title: 'Drift/Page',
  component: StoryApp,
  args: {
    path: 'driftCenter',
    url: '/app/driftCenter',
    element: <DriftPage />,
    routes: {},
  },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

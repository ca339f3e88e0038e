import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryApp } from '../testing/story-app';
import { VcsPage } from './vcs-page';

const meta = {
  title: 'Vcs/Page',
  component: StoryApp,
  args: {
    path: 'vcs',
    url: '/app/vcs',
    element: <VcsPage />,
    routes: { 'GET /sshKey': () => [] },
  },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

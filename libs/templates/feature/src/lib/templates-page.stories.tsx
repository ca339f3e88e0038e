import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryApp } from '../testing/story-app';
import { TemplatesPage } from './templates-page';

const meta = {
  title: 'Templates/Page',
  component: StoryApp,
  args: {
    path: 'templates',
    url: '/app/templates',
    element: <TemplatesPage />,
    routes: { 'GET /template': () => [] },
  },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

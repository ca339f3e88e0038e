import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryApp } from '../testing/story-app';
import { PoliciesPage } from './policies-page';

const meta = {
  title: 'Policies/Page',
  component: StoryApp,
  args: {
    path: 'controlPolicies',
    url: '/app/controlPolicies',
    element: <PoliciesPage />,
    routes: {},
  },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

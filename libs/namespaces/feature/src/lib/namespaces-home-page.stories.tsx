import type { Meta, StoryObj } from '@storybook/react-vite';
import { NamespacesHomePage } from './namespaces-home-page';

const meta = {
  title: 'Namespaces/Home page',
  component: NamespacesHomePage,
} satisfies Meta<typeof NamespacesHomePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

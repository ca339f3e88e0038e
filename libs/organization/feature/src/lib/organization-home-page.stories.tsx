import type { Meta, StoryObj } from '@storybook/react-vite';
import { OrganizationHomePage } from './organization-home-page';

const meta = {
  title: 'Organization/Home page',
  component: OrganizationHomePage,
} satisfies Meta<typeof OrganizationHomePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { BreadcrumbItem, BreadcrumbLink, BreadcrumbPage, Breadcrumbs } from './breadcrumbs';

const meta = {
  title: 'Navigation/Breadcrumbs',
  component: Breadcrumbs,
  render: (args) => (
    <Breadcrumbs {...args}>
      <BreadcrumbItem>
        <BreadcrumbLink href="#stacks">Stacks</BreadcrumbLink>
      </BreadcrumbItem>
      <BreadcrumbItem>
        <BreadcrumbLink href="#prod">prod-network</BreadcrumbLink>
      </BreadcrumbItem>
      <BreadcrumbItem>
        <BreadcrumbPage>Runs</BreadcrumbPage>
      </BreadcrumbItem>
    </Breadcrumbs>
  ),
} satisfies Meta<typeof Breadcrumbs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Matrix: Story = {
  render: () => (
    <div className="flex flex-col gap-4">
      <Breadcrumbs aria-label="Single level">
        <BreadcrumbItem>
          <BreadcrumbPage>Only page</BreadcrumbPage>
        </BreadcrumbItem>
      </Breadcrumbs>
      <Breadcrumbs aria-label="Four levels">
        <BreadcrumbItem>
          <BreadcrumbLink href="#a">Organization</BreadcrumbLink>
        </BreadcrumbItem>
        <BreadcrumbItem>
          <BreadcrumbLink href="#b">Namespaces</BreadcrumbLink>
        </BreadcrumbItem>
        <BreadcrumbItem>
          <BreadcrumbLink href="#c">networking</BreadcrumbLink>
        </BreadcrumbItem>
        <BreadcrumbItem>
          <BreadcrumbPage>Settings</BreadcrumbPage>
        </BreadcrumbItem>
      </Breadcrumbs>
    </div>
  ),
};

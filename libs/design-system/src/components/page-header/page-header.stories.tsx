import type { Meta, StoryObj } from '@storybook/react-vite';
import { Plus } from 'lucide-react';
import {
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbPage,
  Breadcrumbs,
} from '../breadcrumbs/breadcrumbs';
import { Button } from '../button/button';
import { PageHeader } from './page-header';

const crumbs = (label: string) => (
  <Breadcrumbs aria-label={label}>
    <BreadcrumbItem>
      <BreadcrumbLink href="#home">Home</BreadcrumbLink>
    </BreadcrumbItem>
    <BreadcrumbItem>
      <BreadcrumbPage>Stacks</BreadcrumbPage>
    </BreadcrumbItem>
  </Breadcrumbs>
);

const meta = {
  title: 'Layout/PageHeader',
  component: PageHeader,
  args: {
    title: 'Stacks',
    description: 'Every stack in this organization, with its last run and drift state.',
    breadcrumbs: crumbs('Breadcrumb'),
    actions: (
      <>
        <Button variant="outline">Import</Button>
        <Button>
          <Plus aria-hidden />
          New stack
        </Button>
      </>
    ),
  },
} satisfies Meta<typeof PageHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Matrix: Story = {
  render: (args) => (
    <div className="flex flex-col gap-10">
      <PageHeader title="Title only" />
      <PageHeader title="With description" description="A short explanation of the page." />
      <PageHeader title="With actions" actions={args.actions} />
      <PageHeader {...args} breadcrumbs={crumbs('Breadcrumb (full)')} />
      <PageHeader
        {...args}
        breadcrumbs={crumbs('Breadcrumb (long title)')}
        title="A very long page title that has to be truncated when there is not enough room for it and the actions"
      />
    </div>
  ),
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { BreadcrumbItem, BreadcrumbLink, BreadcrumbPage, Breadcrumbs } from '../breadcrumbs/breadcrumbs';
import { Button } from '../button/button';
import { DetailPage, type DetailPageQuery } from './detail-page';

interface Namespace {
  name: string;
  description: string;
}

const loaded: DetailPageQuery<Namespace> = {
  data: { name: 'platform', description: 'Shared networking and clusters' },
  isPending: false,
  isError: false,
  isFetching: false,
  error: null,
  refetch: fn(),
};

const meta = {
  title: 'Layout/DetailPage',
  component: DetailPage<Namespace>,
  args: {
    query: loaded,
    errorTitle: 'Namespace',
    breadcrumbs: (data) => (
      <Breadcrumbs>
        <BreadcrumbItem>
          <BreadcrumbLink href="#namespaces">Namespaces</BreadcrumbLink>
        </BreadcrumbItem>
        <BreadcrumbItem>
          <BreadcrumbPage>{data?.name ?? 'ns-platform01'}</BreadcrumbPage>
        </BreadcrumbItem>
      </Breadcrumbs>
    ),
    header: (data) => ({ title: data.name, description: data.description, actions: <Button variant="outline">Edit</Button> }),
    children: (data) => <p className="text-sm">The settings of {data.name}.</p>,
  },
} satisfies Meta<typeof DetailPage<Namespace>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'platform' })).toBeVisible();
    await expect(canvas.getByText('The settings of platform.')).toBeVisible();
  },
};

export const Pending: Story = {
  args: { query: { ...loaded, data: undefined, isPending: true } },
};

export const Failed: Story = {
  args: { query: { ...loaded, data: undefined, isError: true, error: new Error('Not Found') } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Namespace' })).toBeVisible();
    await expect(canvas.getByText('ns-platform01')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /retry/i }));
    await expect(args.query.refetch).toHaveBeenCalled();
  },
};

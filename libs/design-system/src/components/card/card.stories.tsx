import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../button/button';
import { Card, CardBody, CardDescription, CardFooter, CardHeader, CardTitle } from './card';

const meta = {
  title: 'Layout/Card',
  component: Card,
  args: { className: 'max-w-md' },
  render: (args) => (
    <Card {...args}>
      <CardHeader>
        <div className="flex flex-col gap-0.5">
          <CardTitle>prod-network</CardTitle>
          <CardDescription>AWS · us-east-1 · Terraform 1.9.5</CardDescription>
        </div>
        <Button size="sm" variant="outline">
          Open
        </Button>
      </CardHeader>
      <CardBody>
        <p className="text-sm">142 resources managed, last deployed 2 hours ago.</p>
      </CardBody>
      <CardFooter>
        <Button size="sm" variant="ghost">
          Plan
        </Button>
        <Button size="sm">Deploy</Button>
      </CardFooter>
    </Card>
  ),
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Matrix: Story = {
  render: () => (
    <div className="grid max-w-4xl grid-cols-3 gap-4">
      <Card>
        <CardBody>Body only</CardBody>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Header and body</CardTitle>
        </CardHeader>
        <CardBody>Content</CardBody>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>All parts</CardTitle>
        </CardHeader>
        <CardBody>Content</CardBody>
        <CardFooter>
          <Button size="sm">Action</Button>
        </CardFooter>
      </Card>
    </div>
  ),
};

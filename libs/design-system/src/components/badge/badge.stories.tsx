import type { Meta, StoryObj } from '@storybook/react-vite';
import { GitBranch } from 'lucide-react';
import { Badge } from './badge';

const tones = [
  'neutral',
  'primary',
  'success',
  'warning',
  'danger',
  'info',
  'outline',
  'solid',
] as const;

const meta = {
  title: 'Data/Badge',
  component: Badge,
  args: { children: 'Terraform', tone: 'neutral', size: 'md' },
  argTypes: {
    tone: { control: 'select', options: tones },
    size: { control: 'inline-radio', options: ['sm', 'md'] },
  },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithIcon: Story = {
  args: { tone: 'primary', children: [<GitBranch key="i" aria-hidden />, 'main'] },
};

export const Matrix: Story = {
  render: () => (
    <div className="flex flex-col gap-3">
      {(['sm', 'md'] as const).map((size) => (
        <div key={size} className="flex flex-wrap gap-2">
          {tones.map((tone) => (
            <Badge key={tone} tone={tone} size={size}>
              {tone}
            </Badge>
          ))}
        </div>
      ))}
    </div>
  ),
};

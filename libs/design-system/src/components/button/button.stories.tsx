import type { Meta, StoryObj } from '@storybook/react-vite';
import { Plus, Rocket, Trash2 } from 'lucide-react';
import { Button } from './button';

const meta = {
  title: 'Actions/Button',
  component: Button,
  args: {
    children: 'Deploy stack',
    variant: 'primary',
    size: 'md',
    loading: false,
    disabled: false,
  },
  argTypes: {
    variant: {
      control: 'inline-radio',
      options: ['primary', 'secondary', 'outline', 'ghost', 'danger', 'link'],
    },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};
export const WithIcon: Story = { args: { children: [<Rocket key="i" aria-hidden />, 'Deploy'] } };
export const Loading: Story = { args: { loading: true, children: 'Deploying' } };
export const IconOnly: Story = {
  args: {
    size: 'icon',
    variant: 'outline',
    'aria-label': 'Add stack',
    children: <Plus aria-hidden />,
  },
};
export const AsLink: Story = {
  args: { asChild: true, variant: 'outline', children: <a href="#stacks">Open stacks</a> },
};

const variants = ['primary', 'secondary', 'outline', 'ghost', 'danger', 'link'] as const;
const sizes = ['sm', 'md', 'lg'] as const;

export const Matrix: Story = {
  render: () => (
    <div className="grid grid-cols-[auto_repeat(5,auto)] items-center justify-start gap-x-6 gap-y-4 text-xs text-muted-foreground">
      <span />
      {sizes.map((s) => (
        <span key={s}>{s}</span>
      ))}
      <span>icon</span>
      <span>loading</span>
      {variants.map((variant) => (
        <div key={variant} className="contents">
          <span>{variant}</span>
          {sizes.map((size) => (
            <Button key={size} variant={variant} size={size}>
              {variant === 'danger' ? <Trash2 aria-hidden /> : null}
              Button
            </Button>
          ))}
          <Button variant={variant} size="icon" aria-label={`${variant} icon button`}>
            <Plus aria-hidden />
          </Button>
          <Button variant={variant} loading>
            Saving
          </Button>
        </div>
      ))}
      <span>disabled</span>
      {variants.slice(0, 5).map((variant) => (
        <Button key={variant} variant={variant} disabled>
          Disabled
        </Button>
      ))}
    </div>
  ),
};

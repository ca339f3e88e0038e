import type { Meta, StoryObj } from '@storybook/react-vite';
import { SeverityTag, severityLevels } from './severity-tag';

const meta = {
  title: 'Data/SeverityTag',
  component: SeverityTag,
  args: { severity: 'major' },
  argTypes: { severity: { control: 'inline-radio', options: severityLevels } },
} satisfies Meta<typeof SeverityTag>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Matrix: Story = {
  render: () => (
    <div className="flex flex-wrap gap-2">
      {severityLevels.map((s) => (
        <SeverityTag key={s} severity={s} />
      ))}
    </div>
  ),
};

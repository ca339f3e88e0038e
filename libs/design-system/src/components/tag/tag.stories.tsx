import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Tag } from './tag';

function Removable() {
  const [tags, setTags] = useState(['env:prod', 'team:network', 'cost-center:42']);
  return (
    <div className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <Tag key={tag} onRemove={() => setTags(tags.filter((t) => t !== tag))}>
          {tag}
        </Tag>
      ))}
    </div>
  );
}

const meta = { title: 'Data/Tag', component: Tag, args: { children: 'env:prod' } } satisfies Meta<
  typeof Tag
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const RemovableTags: Story = {
  render: () => <Removable />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Remove team:network' }));
    await expect(canvas.queryByText('team:network')).toBeNull();
  },
};
export const Matrix: Story = {
  render: () => (
    <div className="flex max-w-xs flex-wrap gap-2">
      <Tag>short</Tag>
      <Tag onRemove={() => undefined}>removable</Tag>
      <Tag>a-very-long-tag-value-that-needs-to-be-truncated-somewhere</Tag>
    </div>
  ),
};

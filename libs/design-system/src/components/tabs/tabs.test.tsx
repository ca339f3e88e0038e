import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

function Example({ orientation }: { orientation?: 'horizontal' | 'vertical' }) {
  const [value, setValue] = useState('b');
  return (
    <Tabs value={value} onValueChange={setValue} orientation={orientation}>
      <TabsList aria-label="Sections">
        <TabsTrigger value="a">Alpha</TabsTrigger>
        <TabsTrigger value="b">Beta</TabsTrigger>
        <TabsTrigger value="c" disabled>
          Gamma
        </TabsTrigger>
        <TabsTrigger value="d">Delta</TabsTrigger>
      </TabsList>
      {['a', 'b', 'c', 'd'].map((id) => (
        <TabsContent key={id} value={id}>
          Panel {id}
        </TabsContent>
      ))}
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('marks the selected tab, links it to its panel and renders no other panel', () => {
    renderWithProviders(<Example />);
    expect(screen.getByRole('tablist', { name: 'Sections' })).toHaveAttribute('aria-orientation', 'horizontal');
    expect(tab('Beta')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Beta')).toHaveAttribute('tabindex', '0');
    expect(tab('Alpha')).toHaveAttribute('tabindex', '-1');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAccessibleName('Beta');
    expect(tab('Beta')).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveTextContent('Panel b');
    expect(screen.queryByText('Panel a')).not.toBeInTheDocument();
  });

  it('Tab reaches the selected tab, then its panel', async () => {
    const { user } = renderWithProviders(<Example />);
    await user.tab();
    expect(tab('Beta')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });

  it('selects a tab on click and the focused tab as the arrow keys move, skipping disabled ones and wrapping', async () => {
    const { user } = renderWithProviders(<Example />);
    await user.click(tab('Alpha'));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel a');
    await user.keyboard('{ArrowRight}');
    expect(tab('Beta')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Delta')).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel d');
    await user.keyboard('{ArrowRight}');
    expect(tab('Alpha')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Delta')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('Alpha')).toHaveFocus();
    await user.keyboard('{End}');
    expect(tab('Delta')).toHaveFocus();
    await user.click(tab('Gamma'));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel d');
  });

  it('moves with the up and down arrows when vertical, and the horizontal arrows follow a right-to-left page', async () => {
    const vertical = renderWithProviders(<Example orientation="vertical" />);
    await vertical.user.click(tab('Alpha'));
    await vertical.user.keyboard('{ArrowDown}');
    expect(tab('Beta')).toHaveFocus();
    await vertical.user.keyboard('{ArrowUp}');
    expect(tab('Alpha')).toHaveFocus();
    vertical.unmount();

    const rtl = renderWithProviders(<Example />, { direction: 'rtl' });
    await rtl.user.click(tab('Alpha'));
    await rtl.user.keyboard('{ArrowLeft}');
    expect(tab('Beta')).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel b');
  });
});

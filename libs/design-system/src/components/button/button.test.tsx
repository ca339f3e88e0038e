import { screen } from '@testing-library/react';
import { Trash2 } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { Button } from './button';

describe('Button', () => {
  it('is a non-submitting button by default and calls onClick', async () => {
    const onClick = vi.fn();
    const { user } = renderWithProviders(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('while loading is busy, disabled and ignores clicks', async () => {
    const onClick = vi.fn();
    const { user } = renderWithProviders(
      <Button loading onClick={onClick}>
        Deploy
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Deploy' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toBeDisabled();
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('names an icon-only button by its aria-label', () => {
    renderWithProviders(
      <Button size="icon" variant="ghost" aria-label="Delete stack">
        <Trash2 aria-hidden />
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Delete stack' })).toBeInTheDocument();
  });

  it('renders its child with asChild, keeping the link role and merging classes', () => {
    renderWithProviders(
      <Button asChild variant="outline" className="custom">
        <a href="/stacks">Stacks</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Stacks' });
    expect(link).toHaveAttribute('href', '/stacks');
    expect(link).toHaveAttribute('data-slot', 'button');
    expect(link.className).toContain('custom');
    expect(link.className).toContain('border-input');
  });

  it('lets a caller class override a variant class', () => {
    renderWithProviders(<Button className="h-12">Tall</Button>);
    const button = screen.getByRole('button', { name: 'Tall' });
    expect(button.className).toContain('h-12');
    expect(button.className).not.toContain('h-9');
  });
});

// Type-level: an icon-only button without aria-label must not compile.
// @ts-expect-error aria-label is required when size is 'icon'
export const missingLabel = <Button size="icon">x</Button>;

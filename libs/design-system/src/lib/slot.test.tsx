import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Slot, Slottable } from './slot';

describe('Slot', () => {
  it('renders its child element with the slot props under the child props', () => {
    render(
      <Slot id="from-slot" title="slot title" data-state="open">
        <a href="/x" title="child title">
          Link
        </a>
      </Slot>,
    );
    const link = screen.getByRole('link', { name: 'Link' });
    expect(link).toHaveAttribute('id', 'from-slot');
    expect(link).toHaveAttribute('title', 'child title');
    expect(link).toHaveAttribute('data-state', 'open');
    expect(link).toHaveAttribute('href', '/x');
  });

  it('joins classes, merges styles (the child wins) and joins aria-describedby ids without repeats', () => {
    render(
      <Slot className="slot" style={{ color: 'red', margin: '1px' }} aria-describedby="help error">
        <input aria-label="Name" className="child" style={{ color: 'blue' }} aria-describedby="error hint" />
      </Slot>,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toHaveClass('slot', 'child');
    expect(input.style.color).toBe('blue');
    expect(input.style.margin).toBe('1px');
    expect(input).toHaveAttribute('aria-describedby', 'error hint help');
  });

  it("runs both click handlers, the child's first, and the slot's alone when the child has none", async () => {
    const calls: string[] = [];
    const user = userEvent.setup();
    render(
      <>
        <Slot onClick={() => calls.push('slot')}>
          <button type="button" onClick={() => calls.push('child')}>
            Both
          </button>
        </Slot>
        <Slot onClick={() => calls.push('slot only')}>
          <button type="button">Slot only</button>
        </Slot>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Both' }));
    await user.click(screen.getByRole('button', { name: 'Slot only' }));
    expect(calls).toEqual(['child', 'slot', 'slot only']);
  });

  it("sets both the slot's and the child's refs, and clears them on unmount", () => {
    const slotRef = createRef<HTMLElement>();
    const childRef = vi.fn();
    const { unmount } = render(
      <Slot ref={slotRef}>
        <button type="button" ref={childRef}>
          Refs
        </button>
      </Slot>,
    );
    const button = screen.getByRole('button', { name: 'Refs' });
    expect(slotRef.current).toBe(button);
    expect(childRef).toHaveBeenLastCalledWith(button);
    unmount();
    expect(slotRef.current).toBeNull();
    expect(childRef).toHaveBeenLastCalledWith(null);
  });

  it("renders the Slottable's element with the other children around its own", () => {
    render(
      <Slot className="slot">
        <span data-testid="spinner" />
        <Slottable>
          <a href="/docs">Docs</a>
        </Slottable>
      </Slot>,
    );
    const link = screen.getByRole('link', { name: 'Docs' });
    expect(link).toHaveClass('slot');
    expect(link.firstChild).toBe(screen.getByTestId('spinner'));
    expect(link).toHaveTextContent('Docs');
  });

  it('refuses text or several elements as its child', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Slot>text</Slot>)).toThrow('Slot (asChild) needs exactly one React element');
    expect(() =>
      render(
        <Slot>
          <span />
          <span />
        </Slot>,
      ),
    ).toThrow('Slot (asChild) needs exactly one React element');
    error.mockRestore();
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { Textarea } from './textarea';

// jsdom has no layout, so scrollHeight is simulated from the number of lines, the way a browser
// would report it for a 20 px line height with 8 px vertical padding.
function layoutByLines(el: HTMLTextAreaElement) {
  Object.defineProperty(el, 'scrollHeight', {
    configurable: true,
    get: () => el.value.split('\n').length * 20 + 16,
  });
}

describe('Textarea', () => {
  it('grows from one row up to four, then scrolls', async () => {
    const { user } = renderWithProviders(
      <Textarea
        aria-label="Message"
        style={{ lineHeight: '20px', padding: '8px 12px', borderWidth: '1px' }}
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    layoutByLines(box);
    await user.type(box, 'a');
    expect(box.style.height).toBe('38px');
    await user.type(box, '{Enter}b{Enter}c');
    expect(box.style.height).toBe('78px');
    expect(box.style.overflowY).toBe('hidden');
    await user.type(box, '{Enter}d{Enter}e{Enter}f');
    expect(box.style.height).toBe('98px');
    expect(box.style.overflowY).toBe('auto');
  });
});

import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ThemeProvider, useTheme } from './theme-provider';

function Probe() {
  const { theme, direction } = useTheme();
  return (
    <span>
      {theme}/{direction}
    </span>
  );
}

describe('ThemeProvider', () => {
  it('puts the dark class on <html>, applies the direction and exposes both', () => {
    const { rerender, getByText } = render(
      <ThemeProvider theme="dark" direction="rtl">
        <Probe />
      </ThemeProvider>,
    );
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.body).toHaveClass('dir', 'rtl');
    expect(getByText('dark/rtl')).toBeInTheDocument();

    rerender(
      <ThemeProvider theme="light" direction="ltr">
        <Probe />
      </ThemeProvider>,
    );
    expect(document.documentElement).not.toHaveClass('dark');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.body).toHaveClass('dir', 'ltr');
    expect(document.body).not.toHaveClass('rtl');
  });
});

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { Toaster } from '../toast/toast';
import { CodeBlock } from './code-block';

const ESC = '\u001b';

describe('CodeBlock', () => {
  it('copies the code and confirms with the spec toast', async () => {
    const { user } = renderWithProviders(
      <>
        <CodeBlock
          title="main.tf"
          code={'resource "aws_s3_bucket" "logs" {\n  bucket = "acme-logs"\n}'}
        />
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
    await waitFor(async () =>
      expect(await navigator.clipboard.readText()).toBe(
        'resource "aws_s3_bucket" "logs" {\n  bucket = "acme-logs"\n}',
      ),
    );
    expect(await screen.findByText('Code copied to clipboard')).toBeInTheDocument();
  });

  it('colours ANSI output and copies it without escapes', async () => {
    const { user } = renderWithProviders(<CodeBlock ansi code={`${ESC}[32m+${ESC}[0m create`} />);
    const plus = screen.getByText('+');
    expect(plus).toHaveStyle({ color: 'var(--ansi-2)' });
    await user.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('+ create'));
  });

  it('shows line numbers when asked', () => {
    renderWithProviders(<CodeBlock lineNumbers code={'a\nb\nc'} />);
    expect(screen.getByText('3')).toBeInTheDocument();
  });
});

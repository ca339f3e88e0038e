import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { DescriptionList } from '../description-list/description-list';
import { EditLinkButton } from './edit-button';

/** A router link's stand-in: an element that takes the button's content as its children. */
function To({ href, children }: { href: string; children?: ReactNode }) {
  return <a href={href}>{children}</a>;
}

describe('EditLinkButton', () => {
  it('is the link for those who may change the object', () => {
    renderWithProviders(
      <EditLinkButton access={{ canEdit: true, readOnlyReason: '' }} variant="outline" link={<To href="/things/1/edit" />}>
        Edit
      </EditLinkButton>,
    );
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/things/1/edit');
  });

  it('is a disabled button with the reason for everyone else', () => {
    renderWithProviders(
      <EditLinkButton access={{ canEdit: false, readOnlyReason: 'Only admins can edit.' }} link={<To href="/things/1/edit" />}>
        Edit
      </EditLinkButton>,
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Edit' });
    expect(button).toBeDisabled();
    expect(button.closest('[data-slot="disabled-reason"]')).toHaveAccessibleDescription('Only admins can edit.');
  });
});

describe('DescriptionList', () => {
  it('pairs each label with its value', () => {
    renderWithProviders(<DescriptionList rows={[['Engine', 'Terraform'], ['Path', <code key="p">/infra</code>]]} />);
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Engine', 'Path']);
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual(['Terraform', '/infra']);
  });
});

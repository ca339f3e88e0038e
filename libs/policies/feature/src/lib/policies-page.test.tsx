import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { PoliciesPage } from './policies-page';

setupMsw();

function open() {
  return renderPage({
    path: 'controlPolicies',
    element: <PoliciesPage />,
    url: '/app/controlPolicies',
  });
}

describe('PoliciesPage', () => {
  it('names the area in its heading', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Policies');
  });
});

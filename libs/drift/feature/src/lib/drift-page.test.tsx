import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { DriftPage } from './drift-page';

setupMsw();

function open() {
  return renderPage({ path: 'driftCenter', element: <DriftPage />, url: '/app/driftCenter' });
}

describe('DriftPage', () => {
  it('names the area in its heading', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Drift');
  });
});

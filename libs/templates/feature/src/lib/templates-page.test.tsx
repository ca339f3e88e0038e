import { envelope, errorResponse, handle } from '@terrace/api-client/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { TemplatesPage } from './templates-page';

const server = setupMsw();

function open() {
  return renderPage({ path: 'templates', element: <TemplatesPage />, url: '/app/templates' });
}

describe('TemplatesPage', () => {
  it('names the area in its heading', async () => {
    server.use(handle('get', '/template', () => envelope([])));
    open();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Templates');
  });

  it('says when there is nothing yet', async () => {
    server.use(handle('get', '/template', () => envelope([])));
    open();
    expect(await screen.findByRole('heading', { name: 'Nothing here yet' })).toBeInTheDocument();
  });

  it('renders the error with a retry when the list cannot be loaded', async () => {
    server.use(handle('get', '/template', () => errorResponse(500, 'internal_error', 'boom')));
    open();
    expect(await screen.findByRole('button', { name: /retry/i })).toBeInTheDocument();
  });
});

import { envelope } from '@terrace/api-client/testing';
import type { OrganizationDesignedPaths } from '@terrace/organization/data-access';
import { designedHandler } from '@terrace/organization/data-access/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../../testing/render-page';
import { TerraformLoginPage } from './terraform-login-page';

const server = setupMsw();
const designed = designedHandler<OrganizationDesignedPaths>();

describe('TerraformLoginPage', () => {
  it('names the host, creates a token once and says where to paste it', async () => {
    const sent: unknown[] = [];
    server.use(
      designed('post', '/iam/user/personalAccessToken', ({ body }) => {
        sent.push(body?.entity);
        return envelope([
          { id: 'pat-1', name: 'laptop', token: 'trc_secret_value', createdAt: '2026-03-01T00:00:00Z', lastUsedAt: null, expiresAt: null },
        ]);
      }),
    );
    const { user } = renderPage({
      path: 'personalAccessToken/terraformLogin',
      element: <TerraformLoginPage host="terrace.example.com" />,
      url: '/app/personalAccessToken/terraformLogin',
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in Terraform to terrace.example.com');
    expect(screen.getByText('terraform login terrace.example.com')).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: /Token name/ });
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(name).toHaveAccessibleDescription(/Enter a name/);
    await user.type(name, 'laptop');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('trc_secret_value')).toBeInTheDocument();
    expect(screen.getByText(/shown only once/)).toBeInTheDocument();
    expect(screen.getByText(/Token for terrace.example.com:/)).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'laptop', expiresInDays: 90 }]);
    // The form is gone: a second token needs a new visit, so the secret is not replaced unseen.
    expect(screen.queryByRole('button', { name: 'Create token' })).not.toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { VcsSettingsSection } from './vcs-settings-section';

setupMsw();

describe('VcsSettingsSection', () => {
  it('keeps its controls visible but disabled, with the reason, for those who may not change it', async () => {
    const reason = 'Only organization admins can change these settings.';
    renderPage({
      path: 'organization/setting',
      element: <VcsSettingsSection canEdit={false} readOnlyReason={reason} />,
      url: '/app/organization/setting?id=ssh-keys',
    });
    const add = await screen.findByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    expect(add).toHaveAttribute('title', reason);
  });
});

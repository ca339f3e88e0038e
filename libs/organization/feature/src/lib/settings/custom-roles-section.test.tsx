import { envelope, handle } from '@terrace/api-client/testing';
import type { CustomRoleInput } from '@terrace/organization/data-access';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../../testing/render-page';
import { CustomRolesSection } from './custom-roles-section';

const server = setupMsw();

describe('CustomRolesSection', () => {
  it('creates a role from the grouped checklist, a whole group at a time or one permission', async () => {
    const created: CustomRoleInput[] = [];
    server.use(
      handle('get', '/iam/org/customRole', () => envelope([])),
      handle('post', '/iam/org/customRole', ({ body }) => {
        if (body) created.push(body.entity);
        const entity = body?.entity as CustomRoleInput;
        return envelope([
          {
            id: 'cro-0001',
            description: null,
            ...entity,
            type: entity.type ?? ('namespaceRole' as const),
            permissions: entity.permissions ?? [],
            stackRestriction: entity.stackRestriction ?? ('none' as const),
          },
        ]);
      }),
    );
    const { user } = renderPage({
      path: 'organization/setting',
      element: <CustomRolesSection canEdit readOnlyReason="" />,
      url: '/app/organization/setting?id=custom-roles',
    });
    await screen.findByRole('heading', { name: 'No custom roles yet' });
    await user.click(screen.getByRole('button', { name: 'Create custom role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a custom role' });
    await user.click(within(dialog).getByRole('button', { name: 'Create role' }));
    expect(within(dialog).getByText('Choose at least one permission.')).toBeInTheDocument();
    expect(created).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Operators');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Plans' }));
    const deployments = within(dialog).getByRole('group', { name: 'Deployments' });
    await user.click(within(deployments).getByRole('checkbox', { name: 'Approve' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Deployments' })).toBePartiallyChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Create role' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ name: 'Operators', type: 'namespaceRole', stackRestriction: 'none' });
    expect(created[0]?.permissions?.map((p) => p.name).sort()).toEqual(['deployment:approve', 'plan:cancel', 'plan:start']);
  });
});

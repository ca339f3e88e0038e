import { envelope, errorResponse, handle } from '@terrace/api-client/testing';
import { signedInAs } from '@terrace/session/testing';
import type { Variable } from '@terrace/variables/data-access';
import { discoveredVariableFixture, effectiveVariableFixture, variableFixture } from '@terrace/variables/data-access/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { NamespaceVariablesPanel } from './namespace-variables-panel';
import { OrganizationVariablesSection } from './organization-variables-section';
import { isHclProposal, proposalToItem } from './scan-from-code-dialog';
import { StackVariablesPanel } from './stack-variables-panel';

const server = setupMsw();

const orgSection = (canEdit = true) => (
  <OrganizationVariablesSection canEdit={canEdit} readOnlyReason="Only organization admins can change these settings." />
);

describe('organization variables', () => {
  it('starts empty, checks the key with the spec’s message, adds a variable and shows it once the list is fresh', async () => {
    const stored: Variable[] = [];
    const sent: unknown[] = [];
    server.use(
      ...signedInAs('admin'),
      handle('get', '/variable', ({ query }) => {
        expect(query.get('orgOnly')).toBe('true');
        return envelope([...stored]);
      }),
      handle('post', '/variable', ({ body }) => {
        sent.push(body);
        const created = variableFixture({ id: 'var-new00001', key: 'region', value: 'eu-west-1' });
        stored.push(created);
        return envelope([created]);
      }),
    );
    const { user } = renderPage({ path: 'organization/setting', element: orgSection(), url: '/app/organization/setting?id=variables' });
    expect(await screen.findByText('No organization variables yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add variable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a variable' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await user.type(name, '9lives');
    await user.click(within(dialog).getByRole('button', { name: 'Add variable' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(/Key must consist of: letters, digits, underscores \(_\), hyphens \(-\) and must not start with a digit or hyphen/));
    expect(within(dialog).getByRole('textbox', { name: /^Value/ })).toHaveAccessibleDescription(/Please enter value/);
    await user.clear(name);
    await user.type(name, 'region');
    await user.type(within(dialog).getByRole('textbox', { name: /^Value/ }), 'eu-west-1');
    await user.click(within(dialog).getByRole('button', { name: 'Add variable' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([
      {
        entity: { scope: 'organization', key: 'region', type: 'tfVar', value: 'eu-west-1', isSensitive: false, isOverridable: true, isRequired: false, isHcl: false, valueConditions: [] },
      },
    ]);
    expect(await screen.findByRole('row', { name: /region/ })).toHaveTextContent('eu-west-1');
  });

  it('adds conditions with every operator’s own value field and checks the value against them before sending', async () => {
    const sent: unknown[] = [];
    server.use(
      ...signedInAs('admin'),
      handle('get', '/variable', () => envelope([])),
      handle('post', '/variable', ({ body }) => {
        sent.push(body?.entity);
        return envelope([variableFixture()]);
      }),
    );
    const { user } = renderPage({ path: 'organization/setting', element: orgSection(), url: '/app/organization/setting' });
    await screen.findByText('No organization variables yet');
    await user.click(screen.getByRole('button', { name: 'Add variable' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'size');
    await user.type(within(dialog).getByRole('textbox', { name: /^Value/ }), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Add condition' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Condition 1' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Choose an operator',
      'is not equal to',
      'is less than',
      'is less than or equal to',
      'is greater than',
      'is greater than or equal to',
      'starts with',
      'contains',
      'is one of',
      'matches the pattern',
      'is true or false',
    ]);
    await user.click(screen.getByRole('option', { name: 'is less than' }));
    const limit = within(dialog).getByRole('textbox', { name: 'Condition 1 value' });
    await user.type(limit, 'ten');
    await user.click(within(dialog).getByRole('button', { name: 'Add variable' }));
    await waitFor(() => expect(limit).toHaveAccessibleDescription("For operator 'lt' property value must be a number"));
    await user.clear(limit);
    await user.type(limit, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Add variable' }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /^Value/ })).toHaveAccessibleDescription(/Value must be less than 10/));
    await user.click(within(dialog).getByRole('combobox', { name: 'Condition 1' }));
    await user.click(await screen.findByRole('option', { name: 'is true or false' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Condition 1 value' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove condition 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add variable' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ key: 'size', value: '12', valueConditions: [] });
  });

  it('shows the server’s refusal on the field it names, keeping what was typed', async () => {
    server.use(
      ...signedInAs('admin'),
      handle('get', '/variable', () => envelope([])),
      handle('post', '/variable', () => errorResponse(409, 'already_exist', "A variable named 'region' already exists in this scope", { field: 'entity.key' })),
    );
    const { user } = renderPage({ path: 'organization/setting', element: orgSection(), url: '/app/organization/setting' });
    await screen.findByText('No organization variables yet');
    await user.click(screen.getByRole('button', { name: 'Add variable' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'region');
    await user.type(within(dialog).getByRole('textbox', { name: /^Value/ }), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Add variable' }));
    // A 409 reads as the catalogue's 'Something went wrong' (spec §8); the field it names is marked.
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Value/ })).toHaveValue('x');
  });

  it('masks a sensitive value, reveals it only through the secret call, and never keeps it after closing', async () => {
    let reads = 0;
    server.use(
      ...signedInAs('admin'),
      handle('get', '/variable', () => envelope([variableFixture({ id: 'var-secret01', key: 'DB_PASSWORD', type: 'envVar', value: '', isSensitive: true })])),
      handle('get', '/variable/secretValue/{variableId}', ({ params }) => {
        reads += 1;
        return envelope([{ id: params['variableId'] ?? '', value: 'hunter2' }]);
      }),
    );
    const { user } = renderPage({ path: 'organization/setting', element: orgSection(), url: '/app/organization/setting' });
    const row = await screen.findByRole('row', { name: /DB_PASSWORD/ });
    expect(row).not.toHaveTextContent('hunter2');
    expect(within(row).getByText('Sensitive')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Reveal the value of DB_PASSWORD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Value of DB_PASSWORD' });
    expect(await within(dialog).findByTestId('secret-value')).toHaveTextContent('hunter2');
    expect(dialog).toHaveTextContent('Reading it is recorded in the audit log.');
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByText('hunter2')).not.toBeInTheDocument());
    expect(reads).toBe(1);
  });

  it('deletes only after the typed phrase', async () => {
    const deleted: string[] = [];
    server.use(
      ...signedInAs('admin'),
      handle('get', '/variable', () => envelope(deleted.length ? [] : [variableFixture()])),
      handle('delete', '/variable/{variableId}', ({ params }) => {
        deleted.push(params['variableId'] ?? '');
        return envelope([{}]);
      }),
    );
    const { user } = renderPage({ path: 'organization/setting', element: orgSection(), url: '/app/organization/setting' });
    await user.click(await screen.findByRole('button', { name: 'Delete region' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByRole('button', { name: 'Delete variable' })).toBeDisabled();
    await user.type(within(confirm).getByRole('textbox'), 'delete me');
    await user.click(within(confirm).getByRole('button', { name: 'Delete variable' }));
    await waitFor(() => expect(deleted).toEqual(['var-region01']));
    expect(await screen.findByText('No organization variables yet')).toBeInTheDocument();
  });

  it('keeps every change visible but disabled, with the reason, for those who may not edit', async () => {
    server.use(...signedInAs('viewer'), handle('get', '/variable', () => envelope([variableFixture()])));
    renderPage({ path: 'organization/setting', element: orgSection(false), url: '/app/organization/setting' });
    await screen.findByRole('row', { name: /region/ });
    for (const name of ['Add variable', 'Edit region', 'Delete region']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      // The reason is read with the control's wrapper (the disabled button itself takes no focus).
      expect(button.closest('[data-slot="disabled-reason"]')).toHaveAccessibleDescription('Only organization admins can change these settings.');
    }
  });
});

describe('namespace variables', () => {
  it('shows the organization’s values it inherits and overrides one from them; a locked one cannot be', async () => {
    const sent: unknown[] = [];
    server.use(
      ...signedInAs('admin'),
      handle('get', '/variable', ({ query }) => {
        expect(query.get('namespaceId')).toBe('ns-1');
        return envelope([
          variableFixture({ id: 'var-region01', key: 'region', inheritedFrom: 'organization', displayName: 'AWS region' }),
          variableFixture({ id: 'var-log00001', key: 'TF_LOG', type: 'envVar', value: 'INFO', inheritedFrom: 'organization', isOverridable: false }),
          variableFixture({ id: 'var-own00001', scope: 'namespace', scopeId: 'ns-1', key: 'team', value: 'platform' }),
        ]);
      }),
      handle('post', '/variable', ({ body }) => {
        sent.push(body?.entity);
        return envelope([variableFixture({ scope: 'namespace', scopeId: 'ns-1' })]);
      }),
    );
    const { user } = renderPage({ path: 'namespace/:namespaceId', element: <NamespaceVariablesPanel namespaceId="ns-1" />, url: '/app/namespace/ns-1?tab=variables' });
    const inherited = await screen.findByRole('row', { name: /region/ });
    expect(within(inherited).getByText('Organization')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /team/ })).getByText('Namespace')).toBeInTheDocument();
    const locked = screen.getByRole('button', { name: 'Override TF_LOG' });
    expect(locked).toBeDisabled();
    expect(locked.closest('[data-slot="disabled-reason"]')).toHaveAccessibleDescription('The Organization does not let this variable be overridden.');

    await user.click(within(inherited).getByRole('button', { name: 'Override region' }));
    const dialog = await screen.findByRole('dialog', { name: 'Override region' });
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('region');
    expect(within(dialog).getByRole('textbox', { name: /^Display name/ })).toHaveValue('AWS region');
    await user.type(within(dialog).getByRole('textbox', { name: /^Value/ }), 'eu-central-1');
    await user.click(within(dialog).getByRole('switch', { name: 'Overridable' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add variable' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ scope: 'namespace', scopeId: 'ns-1', key: 'region', value: 'eu-central-1', displayName: 'AWS region', isOverridable: false });
  });
});

describe('stack variables', () => {
  const stack = { id: 'stk-1', namespaceId: 'ns-1', iacType: 'terraform' as const, data: { vcsInfo: { providerId: 'vcsp-1', repoName: 'acme/infra', branch: 'main', path: 'network' } } };

  it('shows what runs get, where each value comes from and what it overrides, and the required ones missing', async () => {
    server.use(
      ...signedInAs('admin'),
      handle('get', '/variable/effective/{stackId}', () =>
        envelope([
          effectiveVariableFixture({ key: 'region', value: 'eu-central-1', scope: 'namespace', scopeId: 'ns-1', variableId: 'var-nsregion1', overrides: [{ scope: 'organization', variableId: 'var-region01' }] }),
          effectiveVariableFixture({ key: 'instance_type', value: 't3.small', scope: 'stack', scopeId: 'stk-1', variableId: 'var-size0001' }),
          effectiveVariableFixture({ key: 'db_password', value: '', scope: 'stack', scopeId: 'stk-1', variableId: 'var-dbpw0001', isRequired: true, isMissing: true }),
          effectiveVariableFixture({ key: 'TF_LOG', type: 'envVar', value: 'INFO', scope: 'organization', variableId: 'var-log00001', isOverridable: false }),
        ]),
      ),
    );
    renderPage({ path: 'stack/:stackId', element: <StackVariablesPanel stack={stack} />, url: '/app/stack/stk-1?tab=variables', otherPaths: ['namespace/:namespaceId'] });
    const region = await screen.findByRole('row', { name: /region/ });
    const table = screen.getByRole('table', { name: 'Effective variables' });
    const cells = within(region).getAllByRole('cell');
    expect(cells[3]).toHaveTextContent('Namespace');
    expect(within(cells[3] as HTMLElement).getByRole('link')).toHaveAttribute('href', '/app/namespace/ns-1?tab=variables');
    expect(cells[4]).toHaveTextContent('Organization');
    expect(within(region).getByRole('button', { name: 'Override region' })).toBeEnabled();
    expect(within(table).getByRole('row', { name: /instance_type/ })).toHaveTextContent('Stack');
    expect(within(table).getByRole('button', { name: 'Override TF_LOG' })).toBeDisabled();
    expect(within(table).getByRole('row', { name: /db_password/ })).toHaveTextContent('No value');
    expect(screen.getByText('Runs of this stack will not start')).toBeInTheDocument();
    expect(screen.getByText(/These required variables have no value at any scope: db_password\./)).toBeInTheDocument();
  });

  it('edits the stack’s own variable from the effective view with its stored values', async () => {
    const updates: unknown[] = [];
    server.use(
      ...signedInAs('admin'),
      handle('get', '/variable/effective/{stackId}', () => envelope([effectiveVariableFixture({ key: 'instance_type', value: 't3.small', scope: 'stack', scopeId: 'stk-1', variableId: 'var-size0001' })])),
      handle('get', '/variable', () =>
        envelope([variableFixture({ id: 'var-size0001', scope: 'stack', scopeId: 'stk-1', key: 'instance_type', value: 't3.small', valueConditions: [{ operator: 'startsWith', value: 't3.' }] })]),
      ),
      handle('put', '/variable/{variableId}', ({ params, body }) => {
        updates.push([params['variableId'], body?.entity]);
        return envelope([variableFixture({ id: 'var-size0001' })]);
      }),
    );
    const { user } = renderPage({ path: 'stack/:stackId', element: <StackVariablesPanel stack={stack} />, url: '/app/stack/stk-1?tab=variables' });
    await user.click(await screen.findByRole('button', { name: 'Edit instance_type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit instance_type' });
    expect(within(dialog).getByRole('textbox', { name: 'Condition 1 value' })).toHaveValue('t3.');
    expect(within(dialog).queryByRole('switch', { name: 'Overridable' })).not.toBeInTheDocument();
    const value = within(dialog).getByRole('textbox', { name: /^Value/ });
    await user.clear(value);
    await user.type(value, 'm5.large');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(value).toHaveAccessibleDescription(/Value must start with t3\./));
    await user.clear(value);
    await user.type(value, 't3.large');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toEqual([
      'var-size0001',
      {
        key: 'instance_type',
        type: 'tfVar',
        value: 't3.large',
        displayName: null,
        description: null,
        isSensitive: false,
        isOverridable: true,
        isRequired: false,
        isHcl: false,
        valueConditions: [{ operator: 'startsWith', value: 't3.' }],
      },
    ]);
  });

  it('scans the code: proposes its variables with their defaults, marks those already set, and adds the chosen ones at once', async () => {
    const scans: unknown[] = [];
    const batches: unknown[] = [];
    server.use(
      ...signedInAs('admin'),
      handle('get', '/variable/effective/{stackId}', () => envelope([])),
      handle('post', '/variable/scanFromCode/v2', ({ body }) => {
        scans.push(body?.entity);
        return envelope([
          discoveredVariableFixture({ key: 'instance_type', type: 'string', defaultValue: 't3.micro' }),
          discoveredVariableFixture({ key: 'zones', type: 'list(string)', defaultValue: '["a","b"]' }),
          discoveredVariableFixture({ key: 'db_password', type: 'string', defaultValue: undefined, isRequired: true, isSensitive: true }),
          discoveredVariableFixture({ key: 'region', existingVariableId: 'var-region01', message: "A variable named 'region' already exists in this scope" }),
        ]);
      }),
      handle('put', '/variable', ({ body }) => {
        batches.push(body?.entity);
        return envelope([]);
      }),
    );
    const { user } = renderPage({ path: 'stack/:stackId', element: <StackVariablesPanel stack={stack} />, url: '/app/stack/stk-1?tab=variables' });
    // The button is enabled once the session's access is known (re-read: the reason's wrapper goes).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Scan from code' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Scan from code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Variables declared in the code' });
    expect(dialog).toHaveTextContent('acme/infra · main · network');
    const existing = await within(dialog).findByRole('checkbox', { name: 'Add region' });
    expect(existing).toBeDisabled();
    expect(dialog).toHaveTextContent("A variable named 'region' already exists in this scope");
    expect(within(dialog).getByRole('textbox', { name: 'Value of instance_type' })).toHaveValue('t3.micro');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Add zones' }));
    const value = within(dialog).getByRole('textbox', { name: 'Value of instance_type' });
    await user.clear(value);
    await user.type(value, "it's");
    expect(within(dialog).getByText("Value can not contain the ' character")).toBeInTheDocument();
    await user.clear(value);
    await user.type(value, 't3.large');
    await user.type(within(dialog).getByLabelText('Value of db_password'), 's3cret');
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 variables' }));
    await waitFor(() => expect(batches).toHaveLength(1));
    expect(scans).toEqual([{ vcsInfo: stack.data.vcsInfo, iacType: 'terraform', scope: 'stack', scopeId: 'stk-1' }]);
    expect(batches[0]).toEqual({
      scope: 'stack',
      scopeId: 'stk-1',
      variables: [
        { key: 'instance_type', type: 'tfVar', value: 't3.large', isSensitive: false, isRequired: false, isHcl: false },
        { key: 'db_password', type: 'tfVar', value: 's3cret', isSensitive: true, isRequired: true, isHcl: false },
      ],
    });
  });

  it('reports code the parser refuses with the server’s words (a name declared twice)', async () => {
    server.use(
      ...signedInAs('admin'),
      handle('get', '/variable/effective/{stackId}', () => envelope([])),
      handle('post', '/variable/scanFromCode/v2', () =>
        errorResponse(400, 'validation_error', "variables.tf: Variable name already exists in code (Duplicate variable declaration: 'region' is also declared in main.tf)", {
          field: 'entity.vcsInfo.path',
        }),
      ),
    );
    const { user } = renderPage({ path: 'stack/:stackId', element: <StackVariablesPanel stack={stack} />, url: '/app/stack/stk-1?tab=variables' });
    // The button is enabled once the session's access is known (re-read: the reason's wrapper goes).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Scan from code' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Scan from code' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/Variable name already exists in code/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add 0 variables' })).toBeDisabled();
  });

  it('offers no scan to a stack without code, and says why', async () => {
    server.use(...signedInAs('admin'), handle('get', '/variable/effective/{stackId}', () => envelope([])));
    renderPage({ path: 'stack/:stackId', element: <StackVariablesPanel stack={{ ...stack, data: {} }} />, url: '/app/stack/stk-1?tab=variables' });
    const scan = await screen.findByRole('button', { name: 'Scan from code' });
    expect(scan).toBeDisabled();
    expect(scan.closest('[data-slot="disabled-reason"]')).toHaveAccessibleDescription('Connect the stack to a repository to scan its code.');
  });
});

describe('scan proposals', () => {
  it('take any type but a string as an HCL value, and a default read as JSON too', () => {
    expect(isHclProposal(discoveredVariableFixture({ type: 'list(string)' }))).toBe(true);
    expect(isHclProposal(discoveredVariableFixture({ type: 'number' }))).toBe(true);
    expect(isHclProposal(discoveredVariableFixture({ type: 'string' }))).toBe(false);
    expect(isHclProposal(discoveredVariableFixture({ type: undefined, defaultValue: '{"a":1}' }))).toBe(true);
    expect(isHclProposal(discoveredVariableFixture({ type: undefined, defaultValue: 'plain' }))).toBe(false);
    expect(proposalToItem(discoveredVariableFixture({ key: 'zones', type: 'list(string)', description: 'Zones' }), '["a"]')).toEqual({
      key: 'zones',
      type: 'tfVar',
      value: '["a"]',
      description: 'Zones',
      isSensitive: false,
      isRequired: false,
      isHcl: true,
    });
  });
});

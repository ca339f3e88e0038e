import { envelope, handle } from '@terrace/api-client/testing';
import { signedInAs } from '@terrace/session/testing';
import { blueprintFixture, dependencyFixture, graphFixture, templateEventFixture, templateFixture } from '@terrace/templates/data-access/testing';
import type { TemplateInput } from '@terrace/templates/data-access';
import { vcsFixtures } from '@terrace/vcs/data-access/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { CreateBlueprintWizardPage } from './blueprint-wizard-page';
import { StackDependenciesTab } from './stack-dependencies-tab';
import { StackFromBlueprintPage } from './stack-from-blueprint-page';
import { TemplatePage } from './template-page';
import { CreateTemplateWizardPage } from './template-wizard-page';
import { TemplatesPage } from './templates-page';

const server = setupMsw();

const vcs = () => [
  handle('get', '/vcs/provider', () => envelope([vcsFixtures.provider({ id: 'vcsp-github01', name: 'GitHub' })])),
  handle('get', '/vcs/repo', () => envelope([{ name: 'acme/infra', defaultBranch: 'main' }], { paging: { page: 1, pageSize: 20, total: 1 } })),
];

describe('TemplatesPage', () => {
  it('lists templates with links, and sends a typed filter to the server', async () => {
    const names: (string | null)[] = [];
    server.use(
      ...signedInAs('admin'),
      handle('get', '/template', ({ query }) => {
        names.push(query.get('search'));
        return envelope([templateFixture()]);
      }),
    );
    const { user, router } = renderPage({ path: 'templates', element: <TemplatesPage />, url: '/app/templates', otherPaths: ['template/:id'] });
    const table = await screen.findByRole('table', { name: 'Templates' });
    expect(await within(table).findByRole('link', { name: 'Preview environment' })).toHaveAttribute('href', '/app/template/tmpl-preview01');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'prev');
    await waitFor(() => expect(router.state.location.search).toBe('?name=prev'));
    await waitFor(() => expect(names).toContain('prev'));
  });

  it('pages blueprints on the server: the page and its size from the URL, the next page asked for', async () => {
    const asked: string[] = [];
    server.use(
      ...signedInAs('admin'),
      handle('get', '/blueprint', ({ query }) => {
        const page = Number(query.get('page'));
        asked.push(`${page}/${query.get('pageSize')}`);
        return envelope([blueprintFixture({ id: `blp-page${page}`, name: `Team stack ${page}` })], { paging: { page, pageSize: 10, total: 25 } });
      }),
    );
    const { user, router } = renderPage({ path: 'templates', element: <TemplatesPage />, url: '/app/templates?tab=blueprints&blueprintsPage=2&blueprintsPageSize=10', otherPaths: ['template/:id'] });
    const table = await screen.findByRole('table', { name: 'Blueprints' });
    expect(await within(table).findByRole('link', { name: 'Team stack 2' })).toBeInTheDocument();
    expect(asked).toEqual(['2/10']);
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(router.state.location.search).toContain('blueprintsPage=3'));
    expect(await within(table).findByRole('link', { name: 'Team stack 3' })).toBeInTheDocument();
    expect(asked).toContain('3/10');
  });

  it('offers creating the first blueprint when there are none', async () => {
    server.use(...signedInAs('admin'), handle('get', '/blueprint', () => envelope([])));
    renderPage({ path: 'templates', element: <TemplatesPage />, url: '/app/templates?tab=blueprints', otherPaths: ['createBlueprintWizard'] });
    expect(await screen.findByText('No blueprints yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create blueprint' })).toHaveAttribute('href', '/app/createBlueprintWizard');
  });
});

describe('TemplatePage', () => {
  it('shows the events of the last 7 days, paged on the server, with failures marked', async () => {
    const queries: string[] = [];
    server.use(
      ...signedInAs('admin'),
      // The literal path first: /template/{templateId} would answer /template/event too.
      handle('get', '/template/event', ({ query }) => {
        queries.push(query.toString());
        return envelope([templateEventFixture(), templateEventFixture({ id: 'evt-2', type: 'resourceTerminationFailed', message: 'AccessDenied' })], {
          paging: { page: 1, pageSize: 20, total: 2 },
        });
      }),
      handle('get', '/template/{templateId}', () => envelope([templateFixture()])),
    );
    renderPage({ path: 'template/:id', element: <TemplatePage />, url: '/app/template/tmpl-preview01?tab=events', otherPaths: ['stack/:stackId'] });
    const table = await screen.findByRole('table', { name: 'Events of the last 7 days' });
    expect(await within(table).findByText('Resource Termination Failed')).toBeInTheDocument();
    expect(queries[0]).toContain('daysBack=7');
    expect(queries[0]).toContain('templateId=tmpl-preview01');
  });

  it('deletes a blueprint only after the typed confirmation', async () => {
    const deleted: string[] = [];
    server.use(
      ...signedInAs('admin'),
      handle('get', '/blueprint/{blueprintId}', () => envelope([blueprintFixture()])),
      handle('get', '/blueprint', () => envelope([])),
      handle('delete', '/blueprint/{blueprintId}', ({ params }) => {
        deleted.push(params['blueprintId'] ?? '');
        return envelope([]);
      }),
    );
    const { user, router } = renderPage({ path: 'template/:id', element: <TemplatePage />, url: '/app/template/blp-service01', otherPaths: ['templates'] });
    expect(await screen.findByText('{service_name}')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    // The confirmation's code loads when it first opens.
    const dialog = await screen.findByRole('alertdialog');
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), 'delete me');
    await user.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/templates'));
    expect(deleted).toEqual(['blp-service01']);
  });
});

describe('CreateTemplateWizardPage', () => {
  it('refuses a default time to live over the maximum, then sends the template', async () => {
    const sent: TemplateInput[] = [];
    server.use(
      ...signedInAs('admin'),
      ...vcs(),
      handle('post', '/template', ({ body }) => {
        if (body) sent.push(body.entity);
        return envelope([templateFixture({ id: 'tmpl-new01', name: body?.entity.name ?? '' })]);
      }),
    );
    const { user, router } = renderPage({ path: 'createTemplateWizard', element: <CreateTemplateWizardPage />, url: '/app/createTemplateWizard', otherPaths: ['template/:id'] });
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Preview');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // The form's checks load at the first key (lazySchema): the first Next waits for them.
    await waitFor(() => expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Code'));
    // The code step: provider and repository are required.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText("Choose the VCS provider of the template's code.")).toBeInTheDocument();
    // The selects load their list at the first press (OptionSelect).
    await user.click(screen.getByRole('combobox', { name: /VCS provider/ }));
    await user.click(await screen.findByRole('option', { name: 'GitHub' }));
    await user.click(screen.getByRole('combobox', { name: /Repository/ }));
    await user.click(await screen.findByRole('option', { name: 'acme/infra' }));
    await user.type(screen.getByRole('textbox', { name: /^Path/ }), 'envs/preview');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // Engine: a var file Terraform loads on its own is refused.
    await user.type(await screen.findByRole('textbox', { name: /Var files/ }), 'prod.auto.tfvars');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/Terraform loads prod.auto.tfvars automatically/)).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: /Var files/ }));
    await user.type(screen.getByRole('textbox', { name: /Var files/ }), 'vars/preview.tfvars');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Runners'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // TTL: default 10 days over a maximum of 7 (the step's code loaded at the first key).
    const defaultTtl = await screen.findByRole('textbox', { name: /Default time to live/ });
    await user.clear(defaultTtl);
    await user.type(defaultTtl, '10');
    await user.click(screen.getByRole('button', { name: 'Create template' }));
    expect(await screen.findByText('The default time to live cannot be longer than the maximum.')).toBeInTheDocument();
    await user.clear(defaultTtl);
    await user.type(defaultTtl, '8');
    const unit = screen.getAllByRole('combobox', { name: /Unit/ })[0];
    if (!unit) throw new Error('no unit field');
    await user.click(unit);
    await user.click(await screen.findByRole('option', { name: 'Hours' }));
    await user.click(screen.getByRole('button', { name: 'Create template' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/template/tmpl-new01'));
    expect(sent).toEqual([
      {
        name: 'Preview',
        iacType: 'opentofu',
        vcsInfo: { providerId: 'vcsp-github01', repoName: 'acme/infra', path: 'envs/preview' },
        iacConfig: { opentofuVersion: null, varFiles: ['vars/preview.tfvars'] },
        runnerConfig: { mode: 'managed' },
        policy: { ttlConfig: { maxTtl: { type: 'days', value: 7 }, defaultTtl: { type: 'hours', value: 8 } } },
        skipStateRefreshOnDestroy: false,
      },
    ]);
  });
});

describe('CreateBlueprintWizardPage', () => {
  it('requires a substitute parameter in the stack name pattern and the sub-directory', async () => {
    server.use(...signedInAs('admin'), ...vcs());
    const { user } = renderPage({ path: 'createBlueprintWizard', element: <CreateBlueprintWizardPage />, url: '/app/createBlueprintWizard' });
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Service');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // The form's checks load at the first key (lazySchema), the selects' lists at their first press.
    await user.click(await screen.findByRole('combobox', { name: /VCS provider/ }));
    await user.click(await screen.findByRole('option', { name: 'GitHub' }));
    await user.click(screen.getByRole('combobox', { name: /Repository/ }));
    await user.click(await screen.findByRole('option', { name: 'acme/infra' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const pattern = await screen.findByRole('textbox', { name: /Stack name pattern/ });
    await user.clear(pattern);
    await user.type(pattern, 'service');
    const subdir = screen.getByRole('textbox', { name: /Sub-directory/ });
    await user.clear(subdir);
    await user.type(subdir, 'services/{{service}');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(pattern).toHaveAccessibleDescription(/Must include at least one substitute parameter in curly braces/);
    // {service} is used but no such parameter exists yet.
    expect(await screen.findByText('Add a substitute parameter named service, or remove {service}.')).toBeInTheDocument();
  });
});

describe('StackFromBlueprintPage', () => {
  it('checks parameters against their value conditions, opens the pull request and follows the init status', async () => {
    const sent: unknown[] = [];
    server.use(
      ...signedInAs('admin'),
      handle('get', '/blueprint/blueprintNamespaceMapping', () => envelope([{ blueprintId: 'blp-service01', namespaceId: 'ns-platform01' }])),
      handle('get', '/blueprint/{blueprintId}', () => envelope([blueprintFixture()])),
      handle('get', '/namespace', () => envelope([{ id: 'ns-platform01', name: 'platform' }] as never, { paging: { page: 1, pageSize: 1000, total: 1 } })),
      handle('post', '/stack/fromBlueprint', ({ body }) => {
        sent.push(body?.entity);
        return envelope([{ id: 'stk-new01', name: 'web-billing' }] as never);
      }),
      handle('get', '/stack/blueprintStackInitializationStatus', () =>
        envelope([{ stackId: 'stk-new01', status: 'waitingForPrApproval', pullRequestUrl: 'https://git.example/acme/infra/pull/7' }]),
      ),
    );
    const { user } = renderPage({ path: 'createStackFromBlueprintWizard/:blueprintId', element: <StackFromBlueprintPage />, url: '/app/createStackFromBlueprintWizard/blp-service01' });
    await user.type(await screen.findByRole('textbox', { name: /service_name/ }), 'Billing');
    await user.type(screen.getByRole('textbox', { name: /team/ }), 'ops');
    await user.click(screen.getByRole('button', { name: 'Open pull request' }));
    // The form's checks load at the first key (lazySchema): the first submit waits for them.
    await waitFor(() => expect(screen.getByRole('textbox', { name: /team/ })).toHaveAccessibleDescription(/web, data/));
    await user.clear(screen.getByRole('textbox', { name: /service_name/ }));
    await user.type(screen.getByRole('textbox', { name: /service_name/ }), 'billing');
    await user.clear(screen.getByRole('textbox', { name: /team/ }));
    await user.type(screen.getByRole('textbox', { name: /team/ }), 'web');
    await user.click(screen.getByRole('button', { name: 'Open pull request' }));
    expect(await screen.findByText('Waiting for the pull request to be approved')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open the pull request/ })).toHaveAttribute('href', 'https://git.example/acme/infra/pull/7');
    expect(sent).toEqual([{ blueprintId: 'blp-service01', namespaceId: 'ns-platform01', parameters: { service_name: 'billing', team: 'web' } }]);
  });
});

describe('StackDependenciesTab', () => {
  it('draws the graph around the stack and removes a dependency after the typed confirmation', async () => {
    const removed: string[] = [];
    server.use(
      ...signedInAs('admin'),
      handle('get', '/stack/dependency/graph', () => envelope([graphFixture()])),
      handle('get', '/stack/dependency', ({ query }) =>
        envelope(query.get('stackId') ? [dependencyFixture()] : [dependencyFixture({ id: 'sdep-web01', stackId: 'stk-web01', dependsOnStackId: 'stk-app01' })]),
      ),
      handle('delete', '/stack/dependency/{dependencyId}', ({ params }) => {
        removed.push(params['dependencyId'] ?? '');
        return envelope([]);
      }),
    );
    const stack = { id: 'stk-app01', name: 'app' } as never;
    const { user } = renderPage({ path: 'stack/:stackId', element: <StackDependenciesTab stack={stack} />, url: '/app/stack/stk-app01' });
    const nodes = await screen.findByRole('list', { name: 'Stacks' });
    expect(within(nodes).getAllByRole('link').map((link) => link.textContent)).toEqual(expect.arrayContaining([expect.stringContaining('network'), expect.stringContaining('web')]));
    expect(within(nodes).getByRole('link', { current: 'page' })).toHaveTextContent('app');
    expect(screen.getAllByText('vpc_id → vpc_id')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove dependency on network' }));
    // The confirmation's code loads when it first opens.
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByRole('textbox'), 'delete me');
    await user.click(within(dialog).getByRole('button', { name: 'Remove dependency' }));
    await waitFor(() => expect(removed).toEqual(['sdep-app01']));
  });
});

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { blueprintFixture, dependencyFixture, graphFixture, templateEventFixture, templateFixture } from '@terrace/templates/data-access/testing';
import { vcsFixtures } from '@terrace/vcs/data-access/testing';
import { signedInStoryRoutes, StoryApp, type StoryRoutes } from '../testing/story-app';
import { CreateBlueprintWizardPage } from './blueprint-wizard-page';
import { StackDependenciesTab } from './stack-dependencies-tab';
import { InitializationStatus } from './stack-from-blueprint-page';
import { StackFromTemplatePage } from './stack-from-template-page';
import { TemplatePage } from './template-page';
import { CreateTemplateWizardPage } from './template-wizard-page';
import { TemplatesPage } from './templates-page';

const routes: StoryRoutes = {
  ...signedInStoryRoutes('admin'),
  'GET /template': () => [
    templateFixture(),
    templateFixture({ id: 'tmpl-sandbox01', name: 'Sandbox account', iacType: 'terraform', policy: { ttlConfig: { maxTtl: { type: 'hours', value: 12 } } }, isManaged: true }),
  ],
  // Literal paths before /template/{templateId}, which would answer them too.
  'GET /template/templateNamespaceMapping': () => [{ templateId: 'tmpl-preview01', namespaceId: 'ns-platform01' }],
  'GET /template/event': () => [
    templateEventFixture(),
    templateEventFixture({ id: 'evt-2', type: 'resourceCreationComplete', message: 'aws_s3_bucket.site' }),
    templateEventFixture({ id: 'evt-3', type: 'resourceTerminationFailed', message: 'AccessDenied on aws_iam_role.preview' }),
  ],
  'GET /template/{templateId}': () => [templateFixture()],
  'GET /blueprint': () => [blueprintFixture()],
  'GET /blueprint/{blueprintId}': () => [blueprintFixture()],
  'GET /namespace': () => [{ id: 'ns-platform01', name: 'platform' }, { id: 'ns-payments01', name: 'payments' }],
  'GET /vcs/provider': () => [vcsFixtures.provider({ id: 'vcsp-github01', name: 'GitHub' })],
  'GET /stack/dependency/graph': () => [graphFixture()],
  'GET /stack/dependency': (url) =>
    url.searchParams.get('stackId')
      ? [dependencyFixture(), dependencyFixture({ id: 'sdep-app02', dependsOnStackId: 'stk-db01', triggerOption: 'always', references: [] })]
      : [dependencyFixture({ id: 'sdep-web01', stackId: 'stk-web01', dependsOnStackId: 'stk-app01', references: [] })],
  'GET /stack/blueprintStackInitializationStatus': () => [{ stackId: 'stk-new01', status: 'waitingForPrApproval', pullRequestUrl: 'https://git.example/acme/infra/pull/7' }],
};

const meta = {
  title: 'Templates/Pages',
  component: StoryApp,
  args: { path: 'templates', url: '/app/templates', element: <TemplatesPage />, routes },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {};
export const Blueprints: Story = { args: { url: '/app/templates?tab=blueprints' } };
export const ListEmpty: Story = { args: { routes: { ...routes, 'GET /template': () => [] } } };
export const TemplateOverview: Story = { args: { path: 'template/:id', url: '/app/template/tmpl-preview01', element: <TemplatePage /> } };
export const TemplateEvents: Story = {
  args: { path: 'template/:id', url: '/app/template/tmpl-preview01?tab=events', element: <TemplatePage /> },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Resource Termination Failed', {}, { timeout: 10_000 })).toBeVisible();
  },
};
export const TemplateNamespaces: Story = { args: { path: 'template/:id', url: '/app/template/tmpl-preview01?tab=namespaces', element: <TemplatePage /> } };
export const BlueprintOverview: Story = { args: { path: 'template/:id', url: '/app/template/blp-service01', element: <TemplatePage /> } };
export const CreateTemplate: Story = { args: { path: 'createTemplateWizard', url: '/app/createTemplateWizard', element: <CreateTemplateWizardPage /> } };
/** Next on an empty name: the step stays, with its error. */
export const CreateTemplateStepError: Story = {
  args: CreateTemplate.args,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Next' }, { timeout: 10_000 }));
    // The form's checks load at the first press (lazySchema): the first Next waits for them.
    await expect(await canvas.findByText('Enter a name for the template.', {}, { timeout: 10_000 })).toBeVisible();
  },
};
export const CreateBlueprint: Story = { args: { path: 'createBlueprintWizard', url: '/app/createBlueprintWizard', element: <CreateBlueprintWizardPage /> } };
export const StackFromTemplate: Story = {
  args: { path: 'createStackFromTemplateWizard/:templateId', url: '/app/createStackFromTemplateWizard/tmpl-preview01', element: <StackFromTemplatePage /> },
};
export const BlueprintStackWaitingForPr: Story = {
  args: { path: 'x', url: '/app/x', element: <InitializationStatus stack={{ id: 'stk-new01', name: 'web-billing' } as never} /> },
};
export const Dependencies: Story = {
  args: { path: 'stack/:stackId', url: '/app/stack/stk-app01', element: <StackDependenciesTab stack={{ id: 'stk-app01', name: 'app' } as never} /> },
};

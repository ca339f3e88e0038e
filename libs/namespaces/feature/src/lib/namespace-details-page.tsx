import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbPage,
  Breadcrumbs,
  Button,
  LazyConfirmRemoval,
  DetailPage,
  EditButton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  toast,
  useUrlTab,
} from '@terrace/design-system';
import { namespacesQueries, useDeleteNamespaceMutation } from '@terrace/namespaces/data-access';
import { organizationQueries } from '@terrace/organization/data-access';
import { Pencil, Trash2 } from 'lucide-react';
import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { namespacePaths } from './namespace-paths';
import { NamespaceSummary } from './namespace-summary';
import { useNamespaceAccess, type NamespaceAccess } from './use-namespace-access';
import { useApiClient } from '@terrace/session';

// The permissions tab (a table, its dialogs) loads when it is shown.
const NamespacePermissionsPanel = lazy(() =>
  import('./namespace-permissions-panel').then((m) => ({ default: m.NamespacePermissionsPanel })),
);

const tabs = ['overview', 'stacks', 'variables', 'dependencies', 'settings', 'permissions'] as const;

/** The stacks of a namespace, given by the app (the stacks domain depends on this one, not the reverse). */
export type NamespaceStacksPanel = ComponentType<{ namespaceId: string }>;
/** The variables of a namespace, given by the app from the variables domain (the same way). */
export type NamespaceVariablesPanel = ComponentType<{ namespaceId: string }>;

export interface NamespaceDetailsPageProps {
  /** Whether the user may edit; delete and grant follow it unless given. The route passes the session's access. */
  canEdit?: boolean;
  canDelete?: boolean;
  canGrant?: boolean;
  /** Why each refused action is refused (from the shared access model); a generic reason otherwise. */
  reasons?: NamespaceAccess['reasons'];
  /** The stacks tab's content; without it the page has no stacks tab. */
  stacksPanel?: NamespaceStacksPanel;
  /** The variables tab's content; without it the page has no variables tab. */
  variablesPanel?: NamespaceVariablesPanel;
  /** The dependency graph of the namespace's stacks (the templates domain's); without it no such tab. */
  dependenciesPanel?: NamespaceStacksPanel;
}

/** /namespace/:namespaceId with its tabs in the URL (?tab=overview|stacks|variables|settings|permissions). */
export function NamespaceDetailsPage({
  canEdit = true,
  canDelete = canEdit,
  canGrant = canEdit,
  reasons = {},
  stacksPanel: StacksPanel,
  variablesPanel: VariablesPanel,
  dependenciesPanel: DependenciesPanel,
}: NamespaceDetailsPageProps) {
  const { t } = useLingui();
  const { namespaceId = '' } = useParams();
  const client = useApiClient();
  const navigate = useNavigate();
  const namespace = useQuery(namespacesQueries.detail(client, namespaceId));
  const teams = useQuery(organizationQueries.teams(client));
  const remove = useDeleteNamespaceMutation();
  const [tab, setTab] = useUrlTab('tab', useSearchParams(), { defaultTab: 'overview', tabs });
  const [deleting, setDeleting] = useState(false);
  const teamNames = useMemo(() => new Map((teams.data ?? []).map((team) => [team.id, team.name])), [teams.data]);
  const readOnlyReason = t`Only administrators can change this namespace.`;

  const editAccess = { canEdit, readOnlyReason: reasons.edit ?? readOnlyReason };
  const deleteAccess = { canEdit: canDelete, readOnlyReason: reasons.delete ?? readOnlyReason };

  return (
    <DetailPage
      query={namespace}
      errorTitle={t`Namespace`}
      breadcrumbs={(data) => (
        <Breadcrumbs>
          <BreadcrumbItem>
            <BreadcrumbLink asChild>
              <Link to={namespacePaths.list()}>{t`Namespaces`}</Link>
            </BreadcrumbLink>
          </BreadcrumbItem>
          <BreadcrumbItem>
            <BreadcrumbPage>{data?.name ?? namespaceId}</BreadcrumbPage>
          </BreadcrumbItem>
        </Breadcrumbs>
      )}
      header={(data) => ({
        title: data.name,
        description: data.description ?? undefined,
        actions: (
          <>
            {canEdit ? (
              <Button variant="outline" asChild>
                <Link to={namespacePaths.edit(data.id)}>
                  <Pencil aria-hidden />
                  {t`Edit`}
                </Link>
              </Button>
            ) : (
              <EditButton access={editAccess} variant="outline">
                <Pencil aria-hidden />
                {t`Edit`}
              </EditButton>
            )}
            <EditButton access={deleteAccess} variant="danger" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden />
              {t`Delete`}
            </EditButton>
          </>
        ),
      })}
    >
      {(data) => (
        <>
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList aria-label={t`Namespace sections`}>
              <TabsTrigger value="overview">{t`Overview`}</TabsTrigger>
              {StacksPanel && <TabsTrigger value="stacks">{t`Stacks`}</TabsTrigger>}
              {VariablesPanel && <TabsTrigger value="variables">{t`Variables`}</TabsTrigger>}
              {DependenciesPanel && <TabsTrigger value="dependencies">{t`Dependencies`}</TabsTrigger>}
              <TabsTrigger value="settings">{t`Settings`}</TabsTrigger>
              <TabsTrigger value="permissions">{t`Permissions`}</TabsTrigger>
            </TabsList>
            <TabsContent value="overview">
              <NamespaceSummary namespace={data} section="overview" teamNames={teamNames} />
            </TabsContent>
            {StacksPanel && (
              <TabsContent value="stacks">
                <Suspense fallback={null}>
                  <StacksPanel namespaceId={data.id} />
                </Suspense>
              </TabsContent>
            )}
            {VariablesPanel && (
              <TabsContent value="variables">
                <Suspense fallback={null}>
                  <VariablesPanel namespaceId={data.id} />
                </Suspense>
              </TabsContent>
            )}
            {DependenciesPanel && (
              <TabsContent value="dependencies">
                <Suspense fallback={null}>
                  <DependenciesPanel namespaceId={data.id} />
                </Suspense>
              </TabsContent>
            )}
            <TabsContent value="settings">
              <NamespaceSummary namespace={data} section="settings" teamNames={teamNames} />
            </TabsContent>
            <TabsContent value="permissions">
              <Suspense fallback={null}>
                <NamespacePermissionsPanel namespaceId={data.id} canEdit={canGrant} readOnlyReason={reasons.grant} />
              </Suspense>
            </TabsContent>
          </Tabs>
          <LazyConfirmRemoval
            target={deleting ? data : null}
            onClose={() => setDeleting(false)}
            title={(target) => t`Delete namespace ${target.name}?`}
            description={t`Only an empty namespace is deleted: move or delete its stacks and variables first. Its settings and permissions are deleted with it. This cannot be undone.`}
            confirmLabel={t`Delete namespace`}
            onConfirm={async (target) => {
              await remove.mutateAsync(target.id);
              toast.success(t`Namespace ${target.name} deleted.`);
              void navigate(namespacePaths.list());
            }}
          />
        </>
      )}
    </DetailPage>
  );
}

/** The route's page: the shared access model decides what is offered, and says why not. */
export function NamespaceDetailsRoute({
  stacksPanel,
  variablesPanel,
  dependenciesPanel,
}: {
  stacksPanel?: NamespaceStacksPanel;
  variablesPanel?: NamespaceVariablesPanel;
  dependenciesPanel?: NamespaceStacksPanel;
}) {
  const { canEdit, canDelete, canGrant, reasons } = useNamespaceAccess();
  return (
    <NamespaceDetailsPage
      canEdit={canEdit}
      canDelete={canDelete}
      canGrant={canGrant}
      reasons={reasons}
      stacksPanel={stacksPanel}
      variablesPanel={variablesPanel}
      dependenciesPanel={dependenciesPanel}
    />
  );
}

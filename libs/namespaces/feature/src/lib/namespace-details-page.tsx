import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { BreadcrumbItem, BreadcrumbLink, BreadcrumbPage, Breadcrumbs, Button, ConfirmDialog, DisabledReason, ErrorState, PageHeader, Skeleton, Stack, Tabs, TabsContent, TabsList, TabsTrigger, toast, useUrlTab } from '@terrace/design-system';
import { confirmationPhrases } from '@terrace/domain';
import { namespacesQueries, useDeleteNamespaceMutation, useNamespacesApi } from '@terrace/namespaces/data-access';
import { organizationQueries, useOrganizationApi } from '@terrace/organization/data-access';
import { Pencil, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { NamespacePermissionsPanel } from './namespace-permissions-panel';
import { namespacePaths } from './namespace-paths';
import { NamespaceSummary } from './namespace-summary';
import { useNamespaceAccess, type NamespaceAccess } from './use-namespace-access';

const tabs = ['overview', 'settings', 'permissions'] as const;

export interface NamespaceDetailsPageProps {
  /** Whether the user may edit; delete and grant follow it unless given. The route passes the session's access. */
  canEdit?: boolean;
  canDelete?: boolean;
  canGrant?: boolean;
  /** Why each refused action is refused (from the shared access model); a generic reason otherwise. */
  reasons?: NamespaceAccess['reasons'];
}

/** /namespace/:namespaceId with its tabs in the URL (?tab=overview|settings|permissions). */
export function NamespaceDetailsPage({ canEdit = true, canDelete = canEdit, canGrant = canEdit, reasons = {} }: NamespaceDetailsPageProps) {
  const { t } = useLingui();
  const { namespaceId = '' } = useParams();
  const api = useNamespacesApi();
  const organizationApi = useOrganizationApi();
  const navigate = useNavigate();
  const namespace = useQuery(namespacesQueries.detail(api, namespaceId));
  const teams = useQuery(organizationQueries.teams(organizationApi));
  const remove = useDeleteNamespaceMutation();
  const [tab, setTab] = useUrlTab('tab', useSearchParams(), { defaultTab: 'overview', tabs });
  const [deleting, setDeleting] = useState(false);
  const teamNames = useMemo(() => new Map((teams.data ?? []).map((team) => [team.id, team.name])), [teams.data]);
  const readOnlyReason = t`Only administrators can change this namespace.`;

  const breadcrumbs = (
    <Breadcrumbs>
      <BreadcrumbItem>
        <BreadcrumbLink asChild>
          <Link to={namespacePaths.list()}>{t`Namespaces`}</Link>
        </BreadcrumbLink>
      </BreadcrumbItem>
      <BreadcrumbItem>
        <BreadcrumbPage>{namespace.data?.name ?? namespaceId}</BreadcrumbPage>
      </BreadcrumbItem>
    </Breadcrumbs>
  );

  if (namespace.isPending) {
    return (
      <Stack gap={6} className="p-6" aria-busy="true">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-9 w-80" />
        <Skeleton className="h-48 w-full" />
      </Stack>
    );
  }
  if (namespace.isError) {
    return (
      <Stack gap={6} className="p-6">
        <PageHeader title={t`Namespace`} breadcrumbs={breadcrumbs} />
        <ErrorState error={namespace.error} onRetry={() => void namespace.refetch()} retrying={namespace.isFetching} />
      </Stack>
    );
  }
  const data = namespace.data;

  return (
    <Stack gap={6} className="p-6">
      <PageHeader
        title={data.name}
        description={data.description ?? undefined}
        breadcrumbs={breadcrumbs}
        actions={
          <>
            {canEdit ? (
              <Button variant="outline" asChild>
                <Link to={namespacePaths.edit(data.id)}>
                  <Pencil aria-hidden />
                  {t`Edit`}
                </Link>
              </Button>
            ) : (
              <DisabledReason reason={reasons.edit ?? readOnlyReason}>
                <Button variant="outline" disabled>
                  <Pencil aria-hidden />
                  {t`Edit`}
                </Button>
              </DisabledReason>
            )}
            <DisabledReason reason={canDelete ? null : (reasons.delete ?? readOnlyReason)}>
              <Button variant="danger" disabled={!canDelete} onClick={() => setDeleting(true)}>
                <Trash2 aria-hidden />
                {t`Delete`}
              </Button>
            </DisabledReason>
          </>
        }
      />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label={t`Namespace sections`}>
          <TabsTrigger value="overview">{t`Overview`}</TabsTrigger>
          <TabsTrigger value="settings">{t`Settings`}</TabsTrigger>
          <TabsTrigger value="permissions">{t`Permissions`}</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <NamespaceSummary namespace={data} section="overview" teamNames={teamNames} />
        </TabsContent>
        <TabsContent value="settings">
          <NamespaceSummary namespace={data} section="settings" teamNames={teamNames} />
        </TabsContent>
        <TabsContent value="permissions">
          <NamespacePermissionsPanel namespaceId={data.id} canEdit={canGrant} readOnlyReason={reasons.grant} />
        </TabsContent>
      </Tabs>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        tone="danger"
        title={t`Delete namespace ${data.name}?`}
        description={t`The namespace, its settings and its permissions are deleted. This cannot be undone.`}
        phrase={confirmationPhrases.delete}
        confirmLabel={t`Delete namespace`}
        onConfirm={async () => {
          await remove.mutateAsync(data.id);
          toast.success(t`Namespace ${data.name} deleted.`);
          void navigate(namespacePaths.list());
        }}
      />
    </Stack>
  );
}

/** The route's page: access from the session decides whether editing is offered. */
export function NamespaceDetailsRoute() {
  const { canEdit, canDelete, canGrant, reasons } = useNamespaceAccess();
  return <NamespaceDetailsPage canEdit={canEdit} canDelete={canDelete} canGrant={canGrant} reasons={reasons} />;
}

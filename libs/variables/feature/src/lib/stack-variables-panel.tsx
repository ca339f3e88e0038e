import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button, DisabledReason, Stack, Tabs, TabsContent, TabsList, TabsTrigger, useUrlTab } from '@terrace/design-system';
import { useApiClient } from '@terrace/session';
import { variablesQueries, type EffectiveVariable, type IacType, type VcsInfo } from '@terrace/variables/data-access';
import { FileSearch } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EffectiveVariables } from './effective-variables';
import { RevealSecretDialog, type RevealTarget } from './reveal-secret-dialog';
import { ScanFromCodeDialog } from './scan-from-code-dialog';
import { useVariableAccess } from './use-variable-access';
import { VariableDialog } from './variable-dialog';
import type { VariableFormValues } from './variable-form';
import { VariablesList } from './variables-list';

/** What the variables tab needs to know of its stack: the stack page passes its stack (the contract's Stack fits). */
export interface StackVariablesTarget {
  id: string;
  namespaceId: string;
  iacType: IacType;
  /** The stack's code; without it there is nothing to scan. */
  data?: { vcsInfo?: VcsInfo | undefined } | undefined;
}

const views = ['effective', 'stack'] as const;

/**
 * The stack page's variables tab: what its runs get (each value's source and what it overrides),
 * and the variables set on the stack itself, with "scan from code" proposing those its code declares.
 */
export function StackVariablesPanel({ stack }: { stack: StackVariablesTarget }) {
  const { t } = useLingui();
  const client = useApiClient();
  const place = { scope: 'stack', scopeId: stack.id } as const;
  const access = useVariableAccess(place, stack.namespaceId);
  const [view, setView] = useUrlTab('view', useSearchParams(), { defaultTab: 'effective', tabs: views });
  const [scanning, setScanning] = useState(false);
  const [revealing, setRevealing] = useState<RevealTarget | null>(null);
  const [editing, setEditing] = useState<{ variableId: string } | { initial: Partial<VariableFormValues>; title: string } | null>(null);
  // The stack's own variables, for the dialog that edits one from the effective view.
  const own = useQuery({ ...variablesQueries.list(client, place), enabled: editing !== null && 'variableId' in editing });
  const editedVariable = editing && 'variableId' in editing ? (own.data?.find((v) => v.id === editing.variableId) ?? null) : null;
  const override = (v: EffectiveVariable) =>
    setEditing({
      title: t`Override ${v.key}`,
      initial: { key: v.key, type: v.type, displayName: v.displayName ?? '', description: v.description ?? '', isSensitive: v.isSensitive, isHcl: v.isHcl ?? false },
    });
  const vcsInfo = stack.data?.vcsInfo;
  const scanReason = !vcsInfo ? t`Connect the stack to a repository to scan its code.` : !access.edit.canEdit ? access.edit.readOnlyReason : null;

  return (
    <Stack gap={4}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="max-w-3xl text-sm text-muted-foreground">
          {t`What runs of this stack get. A stack's value wins over its template's, a template's over its namespace's, a namespace's over the organization's, unless the broader one is not overridable.`}
        </p>
        <DisabledReason reason={scanReason}>
          <Button variant="outline" disabled={scanReason !== null} onClick={() => setScanning(true)}>
            <FileSearch aria-hidden />
            {t`Scan from code`}
          </Button>
        </DisabledReason>
      </div>
      <Tabs value={view} onValueChange={setView}>
        <TabsList aria-label={t`Variable views`}>
          <TabsTrigger value="effective">{t`Effective values`}</TabsTrigger>
          <TabsTrigger value="stack">{t`Set on this stack`}</TabsTrigger>
        </TabsList>
        <TabsContent value="effective">
          <EffectiveVariables
            stackId={stack.id}
            access={access}
            onReveal={setRevealing}
            onEdit={(variableId) => setEditing({ variableId })}
            onOverride={override}
          />
        </TabsContent>
        <TabsContent value="stack">
          <VariablesList
            place={place}
            access={access}
            label={t`Variables of this stack`}
            empty={{ title: t`No variables set on this stack`, text: t`It runs with what its namespace and organization set. Add a variable, or scan the code for the ones it declares.` }}
          />
        </TabsContent>
      </Tabs>
      {vcsInfo && scanning && (
        <ScanFromCodeDialog target={{ stackId: stack.id, iacType: stack.iacType, vcsInfo }} open={scanning} onOpenChange={setScanning} />
      )}
      <RevealSecretDialog target={revealing} onClose={() => setRevealing(null)} />
      {editing && ('title' in editing || editedVariable) && (
        <VariableDialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          place={place}
          variable={editedVariable}
          initial={'initial' in editing ? editing.initial : undefined}
          createTitle={'title' in editing ? editing.title : undefined}
        />
      )}
    </Stack>
  );
}

import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  FormDialog,
  FormField,
  Input,
  OptionSelect,
  toast,
} from '@terrace/design-system';
import { confirmationPhrases } from '@terrace/domain';
import { namespacesQueries } from '@terrace/namespaces/data-access';
import { useApiClient } from '@terrace/session';
import { useMoveStacksMutation, type Stack } from '@terrace/stacks/data-access';
import { useEffect, useId, useState } from 'react';

export interface MoveStacksDialogProps {
  /** The stacks to move; the dialog is open while there are some. */
  stacks: Stack[];
  onClose: () => void;
}

/** Moves stacks to another namespace after the typed phrase 'move stacks' (console spec). */
export function MoveStacksDialog({ stacks, onClose }: MoveStacksDialogProps) {
  const { t } = useLingui();
  const client = useApiClient();
  const id = useId();
  const open = stacks.length > 0;
  const namespaces = useQuery({ ...namespacesQueries.list(client, { page: 1, pageSize: 1000 }), enabled: open });
  const move = useMoveStacksMutation();
  const [target, setTarget] = useState('');
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setTarget('');
      setTyped('');
      setProblem(null);
    }
  }, [open]);
  const from = new Set(stacks.map((s) => s.namespaceId));
  const choices = (namespaces.data?.items ?? []).filter((ns) => !(from.size === 1 && from.has(ns.id)));
  const phrase = confirmationPhrases.moveStacks;

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={stacks.length === 1 ? t`Move stack ${stacks[0]?.name ?? ''}` : t`Move ${stacks.length} stacks`}
      description={t`The stacks take the settings, permissions and variables of the namespace they move to.`}
      submitLabel={t`Move stacks`}
      onSubmit={async () => {
        if (!target) {
          setProblem(t`Choose the namespace to move to.`);
          return false;
        }
        if (typed.trim() !== phrase) {
          setProblem(t`Type “${phrase}” to confirm.`);
          return false;
        }
        await move.mutateAsync({ stackIds: stacks.map((s) => s.id), namespaceId: target });
        toast.success(t`Stacks moved.`);
        return true;
      }}
    >
      <FormField id={`${id}-ns`} label={t`Namespace`} required error={problem && !target ? problem : undefined}>
        <OptionSelect
          id={`${id}-ns`}
          value={target}
          onValueChange={setTarget}
          placeholder={t`Choose a namespace`}
          options={choices.map((ns) => ({ value: ns.id, label: ns.name }))}
        />
      </FormField>
      <FormField
        id={`${id}-phrase`}
        label={t`Type “${phrase}” to confirm`}
        required
        error={problem && target ? problem : undefined}
      >
        <Input id={`${id}-phrase`} value={typed} autoComplete="off" onChange={(e) => setTyped(e.target.value)} />
      </FormField>
    </FormDialog>
  );
}

import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Checkbox,
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  EmptyState,
  ErrorState,
  Input,
  Spinner,
  toast,
} from '@terrace/design-system';
import { validateVariableValue } from '@terrace/domain';
import { useApiClient } from '@terrace/session';
import {
  useAddVariablesMutation,
  variablesQueries,
  type DiscoveredVariable,
  type IacType,
  type VariableBatchItem,
  type VcsInfo,
} from '@terrace/variables/data-access';
import { FileCode } from 'lucide-react';
import { useEffect, useId, useState } from 'react';

export interface ScanTarget {
  stackId: string;
  iacType: IacType;
  vcsInfo: VcsInfo;
}

/** Whether a proposal's value is HCL: any type but a string (its default comes as JSON, which HCL reads too). */
export function isHclProposal(proposal: DiscoveredVariable): boolean {
  const type = proposal.type?.trim();
  if (type) return type !== 'string';
  return /^[[{]/.test(proposal.defaultValue?.trim() ?? '');
}

/** The batch item a chosen proposal becomes: its value as typed, required when the code has no default. */
export function proposalToItem(proposal: DiscoveredVariable, value: string): VariableBatchItem {
  return {
    key: proposal.key,
    type: proposal.variableType ?? 'tfVar',
    value,
    ...(proposal.description ? { description: proposal.description } : {}),
    isSensitive: proposal.isSensitive ?? false,
    isRequired: proposal.isRequired ?? false,
    isHcl: isHclProposal(proposal),
  };
}

/**
 * Scan from code: the variables the stack's repository declares at its branch and path (read by
 * the server with HashiCorp's parser), to add to the stack with their defaults as values. Those
 * the stack already has are shown with the server's reason and cannot be added twice; code the
 * parser refuses (a name declared twice: 'Variable name already exists in code') is reported.
 */
export function ScanFromCodeDialog({ target, open, onOpenChange }: { target: ScanTarget; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const id = useId();
  const scan = useQuery({ ...variablesQueries.scanForStack(client, target.stackId, { vcsInfo: target.vcsInfo, iacType: target.iacType }), enabled: open });
  const add = useAddVariablesMutation();
  const [chosen, setChosen] = useState<Record<string, boolean>>({});
  const [values, setValues] = useState<Record<string, string>>({});
  const proposals = scan.data ?? [];
  const addable = proposals.filter((p) => !p.existingVariableId);

  // Each answer starts with every new variable chosen and its default as the value.
  useEffect(() => {
    if (!scan.data) return;
    setChosen(Object.fromEntries(scan.data.filter((p) => !p.existingVariableId).map((p) => [p.key, true])));
    setValues(Object.fromEntries(scan.data.map((p) => [p.key, p.defaultValue ?? ''])));
  }, [scan.data]);

  const selected = addable.filter((p) => chosen[p.key]);
  const problems = Object.fromEntries(
    selected.map((p) => {
      const value = values[p.key] ?? '';
      const problem = validateVariableValue(value, { allowEmpty: value === '' });
      return [p.key, problem ? i18n._(problem) : null];
    }),
  );
  const where = [target.vcsInfo.repoName, target.vcsInfo.branch, target.vcsInfo.path].filter(Boolean).join(' · ');

  const submit = async () => {
    if (selected.length === 0 || Object.values(problems).some(Boolean)) return;
    await add.mutateAsync({ scope: 'stack', scopeId: target.stackId, variables: selected.map((p) => proposalToItem(p, values[p.key] ?? '')) });
    toast.success(selected.length === 1 ? t`1 variable added.` : t`${selected.length} variables added.`);
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="xl">
        <DialogHeader>
          <DialogTitle>{t`Variables declared in the code`}</DialogTitle>
          <DialogDescription>
            <span dir="ltr" className="font-mono">
              {where}
            </span>
          </DialogDescription>
        </DialogHeader>
        <DialogBody>
          {scan.isPending ? (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner />
              {t`Reading the code…`}
            </p>
          ) : scan.isError ? (
            <ErrorState error={scan.error} onRetry={() => void scan.refetch()} retrying={scan.isFetching} />
          ) : proposals.length === 0 ? (
            <EmptyState icon={<FileCode aria-hidden />} title={t`No variables in the code`} text={t`The code at this path declares no variable blocks.`} />
          ) : (
            <div className="relative overflow-x-auto rounded-lg border border-border">
              <table className="w-full text-sm" aria-label={t`Variables declared in the code`}>
                <thead className="bg-muted/60 text-start">
                  <tr>
                    <th className="w-10 px-3 py-2">
                      <span className="sr-only">{t`Add`}</span>
                    </th>
                    <th className="px-3 py-2 text-start font-medium">{t`Name`}</th>
                    <th className="px-3 py-2 text-start font-medium">{t`Type`}</th>
                    <th className="px-3 py-2 text-start font-medium">{t`Value`}</th>
                    <th className="px-3 py-2 text-start font-medium">{t`Declared in`}</th>
                  </tr>
                </thead>
                <tbody>
                  {proposals.map((p) => {
                    const existing = Boolean(p.existingVariableId);
                    const problem = problems[p.key];
                    const inputId = `${id}-${p.key}`;
                    return (
                      <tr key={p.key} className="border-t border-border align-top">
                        <td className="px-3 py-2">
                          <Checkbox
                            aria-label={t`Add ${p.key}`}
                            checked={!existing && chosen[p.key] === true}
                            disabled={existing}
                            onCheckedChange={(on) => setChosen((c) => ({ ...c, [p.key]: on === true }))}
                          />
                        </td>
                        <td className="px-3 py-2">
                          <div className="flex flex-col gap-1">
                            <span className="font-mono font-medium" dir="ltr">
                              {p.key}
                            </span>
                            {p.description && <span className="text-xs text-muted-foreground">{p.description}</span>}
                            <span className="flex flex-wrap gap-1">
                              {p.isRequired && (
                                <Badge size="sm" tone="outline">
                                  {t`No default`}
                                </Badge>
                              )}
                              {p.isSensitive && (
                                <Badge size="sm" tone="warning">
                                  {t`Sensitive`}
                                </Badge>
                              )}
                            </span>
                            {existing && <span className="text-xs text-muted-foreground">{p.message ?? t`Already set on this stack.`}</span>}
                          </div>
                        </td>
                        <td className="px-3 py-2 font-mono text-xs" dir="ltr">
                          {p.type ?? 'any'}
                        </td>
                        <td className="min-w-56 px-3 py-2">
                          {existing ? (
                            <span className="text-muted-foreground">—</span>
                          ) : (
                            <div className="flex flex-col gap-1">
                              <label htmlFor={inputId} className="sr-only">
                                {t`Value of ${p.key}`}
                              </label>
                              <Input
                                id={inputId}
                                value={values[p.key] ?? ''}
                                onChange={(event) => setValues((v) => ({ ...v, [p.key]: event.target.value }))}
                                disabled={!chosen[p.key]}
                                type={p.isSensitive ? 'password' : 'text'}
                                autoComplete="off"
                                dir="ltr"
                                className="font-mono"
                                aria-invalid={problem ? true : undefined}
                                aria-describedby={problem ? `${inputId}-error` : undefined}
                                placeholder={p.isRequired ? t`Needed before a run` : undefined}
                              />
                              {problem && (
                                <span id={`${inputId}-error`} className="text-xs font-medium text-danger-subtle-foreground">
                                  {problem}
                                </span>
                              )}
                            </div>
                          )}
                        </td>
                        <td className="px-3 py-2 font-mono text-xs text-muted-foreground" dir="ltr">
                          {p.fileName}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </DialogBody>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {t`Cancel`}
          </Button>
          <Button type="button" loading={add.isPending} disabled={!scan.isSuccess || selected.length === 0} onClick={() => void submit().catch(() => undefined)}>
            {selected.length === 1 ? t`Add 1 variable` : t`Add ${selected.length} variables`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

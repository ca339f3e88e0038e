import type { VariableRow } from './variables.repository';

/** The scopes a stack inherits from, broadest first (spec §3: stack, template, namespace, organization). */
export const inheritanceOrder = ['organization', 'namespace', 'template', 'stack'] as const;
export type InheritableScope = (typeof inheritanceOrder)[number];

const rank = (scope: string) => inheritanceOrder.indexOf(scope as InheritableScope);

/** Whether the variable carries a value (a sensitive one when its sealed value is set). */
export const hasValue = (row: VariableRow): boolean => (row.isSensitive ? row.sealedValue !== null : (row.value ?? '') !== '');

export interface ResolvedVariable {
  /** The variable the value comes from (the most specific with a value, else the most specific declaration). */
  winner: VariableRow;
  /** The broader variables of the same key and type it hides, broadest first. */
  overrides: VariableRow[];
  isRequired: boolean;
  /** Required, and no scope gives it a value. */
  isMissing: boolean;
}

/**
 * Resolves the variables of a chain of scopes (all of one stack's chain, or a prefix of it) per type
 * and key: the most specific scope with a value wins; a variable declared without a value (a
 * requirement) does not hide a broader value; a variable that is not overridable ends the chain
 * for its key (narrower variables of the key are ignored; writes refuse them).
 */
export function resolveVariables(rows: VariableRow[]): ResolvedVariable[] {
  const groups = new Map<string, VariableRow[]>();
  for (const row of rows) {
    const id = `${row.type}\u0000${row.key}`;
    groups.set(id, [...(groups.get(id) ?? []), row]);
  }
  const resolved: ResolvedVariable[] = [];
  for (const group of groups.values()) {
    const chain = [...group].sort((a, b) => rank(a.scope) - rank(b.scope));
    const lockedAt = chain.findIndex((row) => !row.isOverridable);
    const effective = lockedAt === -1 ? chain : chain.slice(0, lockedAt + 1);
    const withValue = effective.filter(hasValue);
    const winner = (withValue.at(-1) ?? effective.at(-1)) as VariableRow;
    const isRequired = effective.some((row) => row.isRequired);
    resolved.push({
      winner,
      overrides: effective.filter((row) => row !== winner && rank(row.scope) < rank(winner.scope)),
      isRequired,
      isMissing: isRequired && withValue.length === 0,
    });
  }
  return resolved.sort((a, b) => a.winner.key.localeCompare(b.winner.key) || a.winner.type.localeCompare(b.winner.type));
}

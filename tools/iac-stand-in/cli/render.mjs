// @ts-check
// The human plan terraform prints (internal/command/views + jsonformat), for the stand-in's
// resources: symbols, "# x will be created", attribute lines, the summary lines that are
// "accidentally a public interface" ("Plan: N to add, N to change, N to destroy.").
import { UNKNOWN } from './config.mjs';

/**
 * @typedef {import('./plan.mjs').Change} Change
 * @typedef {import('./plan.mjs').OutputChange} OutputChange
 */

/** @param {unknown} v @param {boolean} sensitive */
function show(v, sensitive = false) {
  if (sensitive) return '(sensitive value)';
  if (v === UNKNOWN) return '(known after apply)';
  if (typeof v === 'string') return JSON.stringify(v);
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'object') {
    return JSON.stringify(v, (_, x) => (x === UNKNOWN ? '(known after apply)' : x));
  }
  return String(v);
}

const symbols = {
  create: '[green]+[reset]',
  delete: '[red]-[reset]',
  update: '[yellow]~[reset]',
  replace: '[red]-[reset]/[green]+[reset]',
};

/** @param {string[]} actions */
function kind(actions) {
  if (actions.length === 2) return 'replace';
  return /** @type {'create' | 'delete' | 'update' | 'no-op'} */ (actions[0]);
}

/**
 * @param {Change} c
 * @param {'plan' | 'drift'} mode
 */
function renderChange(c, mode) {
  const k = kind(c.actions);
  if (k === 'no-op') return '';
  const lines = [];
  if (mode === 'drift') {
    lines.push(k === 'delete' ? `  [bold]# ${c.address}[reset] has been deleted` : `  [bold]# ${c.address}[reset] has changed`);
  } else if (k === 'create') lines.push(`  [bold]# ${c.address}[reset] will be created`);
  else if (k === 'delete') {
    lines.push(`  [bold]# ${c.address}[reset] will be [bold][red]destroyed[reset]`);
    if (c.actionReason === 'delete_because_no_resource_config') lines.push(`  # (because ${c.address} is not in configuration)`);
  } else if (k === 'update') lines.push(`  [bold]# ${c.address}[reset] will be updated in-place`);
  else {
    const why = c.actionReason === 'replace_because_tainted' ? 'is tainted, so it must be [bold][red]replaced[reset]' : `must be [bold][red]replaced[reset]`;
    lines.push(`  [bold]# ${c.address}[reset] ${why}`);
    if (c.actionReason === 'replace_by_request') lines.push(`  # (replace requested by user, via -replace)`);
  }
  const prefix = k === 'replace' ? symbols.replace : `  ${symbols[k]}`;
  lines.push(`${prefix} resource "${c.type}" "${c.name}" {`);
  const before = /** @type {Record<string, unknown>} */ (c.before ?? {});
  const after = /** @type {Record<string, unknown>} */ (c.after ?? {});
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort((a, b) => (a === 'id' ? -1 : b === 'id' ? 1 : a.localeCompare(b)));
  const width = Math.max(0, ...keys.map((key) => key.length));
  for (const key of keys) {
    const pad = key.padEnd(width);
    const sensitive = c.sensitiveKeys.includes(key);
    if (k === 'create') lines.push(`      [green]+[reset] ${pad} = ${show(after[key], sensitive)}`);
    else if (k === 'delete') lines.push(`      [red]-[reset] ${pad} = ${show(before[key])} [dim]-> null[reset]`);
    else {
      const same = JSON.stringify(before[key]) === JSON.stringify(after[key]) && after[key] !== UNKNOWN;
      if (same) lines.push(`        ${pad} = ${show(after[key], sensitive)}`);
      else {
        const forces = k === 'replace' && (key === 'triggers' || key === 'keepers') ? ' [red]# forces replacement[reset]' : '';
        const from = key in before ? show(before[key]) : 'null';
        lines.push(`      [yellow]~[reset] ${pad} = ${from} [yellow]->[reset] ${show(after[key], sensitive)}${forces}`);
      }
    }
  }
  lines.push('    }');
  return `${lines.join('\n')}\n`;
}

/**
 * @param {{ changes: Change[], drift: Change[], outputChanges: OutputChange[], refreshOnly: boolean, product: string }} plan
 */
export function renderPlan(plan) {
  const { product } = plan;
  let text = '';
  if (plan.drift.length > 0) {
    text += `\n[reset][bold][cyan]Note:[reset][bold] Objects have changed outside of ${product}[reset]\n\n${product} detected the following changes made outside of ${product} since the\nlast "${product.toLowerCase()} apply" which may have affected this plan:\n\n`;
    text += plan.drift.map((c) => renderChange(c, 'drift')).join('\n');
    text += '\n\n[reset]Unless you have made equivalent changes to your configuration, or ignored the\nrelevant attributes using ignore_changes, the following plan may include\nactions to undo or respond to these changes.\n\n─────────────────────────────────────────────────────────────────────────────\n';
  }
  const real = plan.changes.filter((c) => c.actions[0] !== 'no-op');
  const outputs = plan.outputChanges.filter((o) => o.actions[0] !== 'no-op');
  if (plan.refreshOnly) {
    if (plan.drift.length === 0) {
      text += `\n[reset][bold][green]No changes.[reset][bold] Your infrastructure still matches the configuration.[reset]\n\n${product} has checked that the real remote objects still match the result of\nyour most recent changes, and found no differences.\n`;
    } else {
      text += `\nThis is a refresh-only plan, so ${product} will not take any actions to undo\nthese. If you were expecting these changes then you can apply this plan to\nrecord the updated values in the ${product} state without changing any remote\nobjects.\n`;
    }
    return text;
  }
  if (real.length === 0 && outputs.length === 0) {
    text += `\n[reset][bold][green]No changes.[reset][bold] Your infrastructure matches the configuration.[reset]\n\n${product} has compared your real infrastructure against your configuration\nand found no differences, so no changes are needed.\n`;
    return text;
  }
  if (real.length > 0) {
    const used = new Set(real.map((c) => kind(c.actions)));
    text += `\n${product} used the selected providers to generate the following execution\nplan. Resource actions are indicated with the following symbols:\n`;
    if (used.has('create')) text += `  [green]+[reset] create\n`;
    if (used.has('update')) text += `  [yellow]~[reset] update in-place\n`;
    if (used.has('delete')) text += `  [red]-[reset] destroy\n`;
    if (used.has('replace')) text += `[red]-[reset]/[green]+[reset] destroy and then create replacement\n`;
    text += `\n${product} will perform the following actions:\n\n`;
    text += real.map((c) => renderChange(c, 'plan')).join('\n');
  }
  const add = real.filter((c) => c.actions.includes('create')).length;
  const change = real.filter((c) => c.actions.length === 1 && c.actions[0] === 'update').length;
  const destroy = real.filter((c) => c.actions.includes('delete')).length;
  text += `\n[reset][bold]Plan:[reset] ${add} to add, ${change} to change, ${destroy} to destroy.\n`;
  if (outputs.length > 0) {
    text += `[reset]\nChanges to Outputs:\n`;
    for (const o of outputs) {
      const sym = o.actions[0] === 'create' ? '[green]+[reset]' : o.actions[0] === 'delete' ? '[red]-[reset]' : '[yellow]~[reset]';
      const value = o.actions[0] === 'delete' ? `${show(o.before, o.sensitive)} [dim]-> null[reset]` : o.actions[0] === 'update' ? `${show(o.before, o.sensitive)} [yellow]->[reset] ${show(o.after, o.sensitive)}` : show(o.after, o.sensitive);
      text += `  ${sym} ${o.name} = ${value}\n`;
    }
  }
  return text;
}

/**
 * The "Outputs:" block after apply (sensitive values hidden).
 * @param {Record<string, { value: unknown, sensitive: boolean }>} outputs
 */
export function renderOutputs(outputs) {
  const names = Object.keys(outputs).sort();
  if (names.length === 0) return '';
  const width = Math.max(...names.map((n) => n.length));
  return `[reset][bold][green]\nOutputs:\n\n[reset]${names
    .map((n) => `${n.padEnd(width)} = ${outputs[n]?.sensitive ? '<sensitive>' : show(outputs[n]?.value)}`)
    .join('\n')}\n`;
}

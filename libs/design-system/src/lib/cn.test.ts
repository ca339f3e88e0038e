import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn, mergeClasses } from './cn';

const root = join(import.meta.dirname, '../../../..');

/** Every class the libraries and the console write in a string that looks like a class list. */
function classesInSources(): string[] {
  const files = execFileSync('git', ['ls-files', 'libs/**/*.tsx', 'libs/**/*.ts', 'apps/console/**/*.tsx'], { cwd: root, encoding: 'utf8' })
    .trim()
    .split('\n')
    // This file and cn.ts name the groups (`overflow-x`, `flex-direction`), which are not classes.
    .filter((file) => !file.startsWith('libs/design-system/src/lib/cn.'));
  const classes = new Set<string>();
  for (const file of files) {
    const source = readFileSync(join(root, file), 'utf8');
    for (const [, , text = ''] of source.matchAll(/(['"`])((?:(?!\1)[^\\\n])*)\1/g)) {
      if (!/(^|\s)(flex|grid|p[xytrblse]?-|m[xytrblse]?-|text-|bg-|border|rounded|w-|h-|size-|gap-|items-|justify-|font-|shadow|ring|hidden|inline|block)/.test(text)) continue;
      for (const name of text.split(/\s+/)) if (name && /^[!a-z0-9\-[\]:./%&_>*@()#=,'"+~]+$/i.test(name)) classes.add(name);
    }
  }
  return [...classes];
}

describe('cn', () => {
  it('lets a later class override an earlier one of its group, under the same variants only', () => {
    expect(cn('px-3 py-2 text-sm', 'p-4')).toBe('text-sm p-4');
    expect(cn('p-4', 'px-3')).toBe('p-4 px-3');
    expect(cn('w-2 h-2', 'size-4')).toBe('size-4');
    expect(cn('leading-6', 'text-sm')).toBe('text-sm');
    expect(cn('text-sm text-muted-foreground', 'text-danger')).toBe('text-sm text-danger');
    expect(cn('hover:bg-muted bg-surface', 'bg-primary')).toBe('hover:bg-muted bg-primary');
    expect(cn('hover:focus:bg-muted', 'focus:hover:bg-surface')).toBe('focus:hover:bg-surface');
    expect(cn('border border-border', 'border-danger/25')).toBe('border border-danger/25');
    expect(cn('rounded-t-lg', 'rounded-md')).toBe('rounded-md');
    expect(cn('flex', 'hidden', false, undefined, { block: true })).toBe('block');
    expect(cn('my-own-class group', 'my-own-class')).toBe('my-own-class group my-own-class');
  });

  it('merges as tailwind-merge does every pair of the classes the console writes, with and without variants', () => {
    const classes = classesInSources();
    expect(classes.length).toBeGreaterThan(300);
    const differences: string[] = [];
    for (const [before, after] of [
      ['', ''],
      ['dark:hover:', 'hover:dark:'],
      ['md:!', 'md:!'],
    ]) {
      for (const a of classes) {
        for (const b of classes) {
          const list = `${before}${a} ${after}${b}`;
          if (mergeClasses(list) !== twMerge(list)) differences.push(`${list} → ${mergeClasses(list)} (tailwind-merge: ${twMerge(list)})`);
        }
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
  }, 120_000);
});

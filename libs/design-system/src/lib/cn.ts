import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names and lets a caller's Tailwind class override the component's default.
 *
 * It merges as tailwind-merge does (a later class drops an earlier one of the same group under the
 * same variants; `p-2` drops an earlier `px-3`, `size-4` an earlier `w-2`, `text-sm` an earlier
 * `leading-6`), for the utilities the console uses, in about a fifth of tailwind-merge's bytes: it
 * is in every route's first chunk (ARCHITECTURE §8). A class it does not know is kept as written.
 * `cn.test.ts` compares it with tailwind-merge on every pair of classes the libraries write.
 */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}

const cache = new Map<string, string>();

/** Merges one space-separated class list (memoised: a component renders the same lists again and again). */
export function mergeClasses(classList: string): string {
  const cached = cache.get(classList);
  if (cached !== undefined) return cached;
  const taken = new Set<string>();
  const kept: string[] = [];
  const classes = classList.trim().split(/\s+/);
  for (let i = classes.length - 1; i >= 0; i--) {
    const name = classes[i];
    if (!name) continue;
    const { variants, base, important, postfix } = parse(name);
    // As tailwind-merge: `text-sm/6` is a font size with a line height, `bg-primary/50` a colour.
    let group = postfix === undefined ? undefined : groupOf(base.slice(0, postfix));
    const withPostfix = Boolean(group);
    group ??= groupOf(base);
    if (!group) {
      kept.push(name);
      continue;
    }
    const prefix = sortVariants(variants) + (important ? '!' : '');
    if (taken.has(prefix + group)) continue;
    taken.add(prefix + group);
    for (const other of conflicts[group] ?? []) taken.add(prefix + other);
    if (withPostfix && group === 'font-size') taken.add(`${prefix}leading`);
    kept.push(name);
  }
  const merged = kept.reverse().join(' ');
  if (cache.size > 500) cache.clear();
  cache.set(classList, merged);
  return merged;
}

function parse(name: string) {
  const variants: string[] = [];
  let depth = 0;
  let start = 0;
  let postfix: number | undefined;
  for (let i = 0; i < name.length; i++) {
    const c = name[i];
    if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (depth === 0 && c === ':') {
      variants.push(name.slice(start, i));
      start = i + 1;
      postfix = undefined;
    } else if (depth === 0 && c === '/') postfix = i - start;
  }
  let base = name.slice(start);
  let important = false;
  if (base.endsWith('!')) {
    base = base.slice(0, -1);
    important = true;
  } else if (base.startsWith('!')) {
    base = base.slice(1);
    important = true;
    if (postfix !== undefined) postfix--;
  }
  return { variants, base, important, postfix };
}

const orderSensitive = new Set(['*', '**', 'after', 'backdrop', 'before', 'details-content', 'file', 'first-letter', 'first-line', 'marker', 'placeholder', 'selection']);

/** Variants in a canonical order (`hover:focus:` and `focus:hover:` are the same), arbitrary and pseudo-element ones staying where they are. */
function sortVariants(variants: string[]): string {
  if (variants.length < 2) return variants.map((v) => `${v}:`).join('');
  const out: string[] = [];
  let run: string[] = [];
  for (const v of variants) {
    if (v.startsWith('[') || orderSensitive.has(v)) {
      out.push(...run.sort(), v);
      run = [];
    } else run.push(v);
  }
  out.push(...run.sort());
  return out.map((v) => `${v}:`).join('');
}

const sides = (group: string, names: string[]) => names.map((n) => `${group}-${n}`);

const conflicts: Record<string, string[]> = {
  overflow: ['overflow-x', 'overflow-y'],
  overscroll: ['overscroll-x', 'overscroll-y'],
  inset: ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['start', 'end', 'right', 'left'],
  'inset-y': ['top', 'bottom'],
  flex: ['basis', 'grow', 'shrink'],
  gap: ['gap-x', 'gap-y'],
  p: ['px', 'py', 'ps', 'pe', 'pt', 'pr', 'pb', 'pl'],
  px: ['ps', 'pe', 'pr', 'pl'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'ms', 'me', 'mt', 'mr', 'mb', 'ml'],
  mx: ['ms', 'me', 'mr', 'ml'],
  my: ['mt', 'mb'],
  size: ['w', 'h'],
  'font-size': ['leading'],
  'fvn-normal': ['fvn-ordinal', 'fvn-slashed-zero', 'fvn-figure', 'fvn-spacing', 'fvn-fraction'],
  'fvn-ordinal': ['fvn-normal'],
  'fvn-slashed-zero': ['fvn-normal'],
  'fvn-figure': ['fvn-normal'],
  'fvn-spacing': ['fvn-normal'],
  'fvn-fraction': ['fvn-normal'],
  'line-clamp': ['display', 'overflow'],
  rounded: sides('rounded', ['s', 'e', 't', 'r', 'b', 'l', 'ss', 'se', 'ee', 'es', 'tl', 'tr', 'br', 'bl']),
  'rounded-s': ['rounded-ss', 'rounded-es'],
  'rounded-e': ['rounded-se', 'rounded-ee'],
  'rounded-t': ['rounded-tl', 'rounded-tr'],
  'rounded-r': ['rounded-tr', 'rounded-br'],
  'rounded-b': ['rounded-br', 'rounded-bl'],
  'rounded-l': ['rounded-tl', 'rounded-bl'],
  'border-w': sides('border-w', ['x', 'y', 's', 'e', 't', 'r', 'b', 'l']),
  'border-w-x': sides('border-w', ['s', 'e', 'r', 'l']),
  'border-w-y': sides('border-w', ['t', 'b']),
  'border-color': sides('border-color', ['x', 'y', 's', 'e', 't', 'r', 'b', 'l']),
  'border-color-x': sides('border-color', ['s', 'e', 'r', 'l']),
  'border-color-y': sides('border-color', ['t', 'b']),
  translate: ['translate-x', 'translate-y', 'translate-none'],
  'translate-none': ['translate', 'translate-x', 'translate-y', 'translate-z'],
};

// Whole classes, each its own group's member.
const literal: Record<string, string> = {};
const add = (group: string, names: string) => names.split(' ').forEach((n) => (literal[n] = group));
add('display', 'block inline-block inline flex inline-flex table inline-table table-caption table-cell table-column table-column-group table-footer-group table-header-group table-row-group table-row flow-root grid inline-grid contents list-item hidden');
add('position', 'static fixed absolute relative sticky');
add('visibility', 'visible invisible collapse');
add('sr', 'sr-only not-sr-only');
add('isolation', 'isolate isolation-auto');
add('font-style', 'italic not-italic');
add('font-smoothing', 'antialiased subpixel-antialiased');
add('text-decoration', 'underline overline line-through no-underline');
add('text-transform', 'uppercase lowercase capitalize normal-case');
add('text-overflow', 'truncate text-ellipsis text-clip');
add('text-wrap', 'text-wrap text-nowrap text-balance text-pretty');
add('text-alignment', 'text-left text-center text-right text-justify text-start text-end');
add('fvn-normal', 'normal-nums');
add('fvn-ordinal', 'ordinal');
add('fvn-slashed-zero', 'slashed-zero');
add('fvn-figure', 'lining-nums oldstyle-nums');
add('fvn-spacing', 'proportional-nums tabular-nums');
add('fvn-fraction', 'diagonal-fractions stacked-fractions');
add('flex-direction', 'flex-row flex-row-reverse flex-col flex-col-reverse');
add('flex-wrap', 'flex-wrap flex-wrap-reverse flex-nowrap');
add('border-style', 'border-solid border-dashed border-dotted border-double border-hidden border-none');
add('outline-style', 'outline-solid outline-dashed outline-dotted outline-double outline-none outline-hidden');
add('break', 'break-normal break-words break-all break-keep');
add('wrap', 'wrap-break-word wrap-anywhere wrap-normal');
add('ring-w-inset', 'ring-inset');
add('transform', 'transform transform-cpu transform-gpu transform-none');
add('resize', 'resize resize-none resize-x resize-y');
add('appearance', 'appearance-none appearance-auto');
add('box', 'box-border box-content');
add('grow', 'grow');
add('shrink', 'shrink');
add('transition', 'transition');
add('shadow', 'shadow');
add('blur', 'blur');
add('backdrop-blur', 'backdrop-blur');
add('inset-ring-w', 'inset-ring');
add('ring-w', 'ring');
add('outline-w', 'outline');
add('rounded', 'rounded');
add('border-w', 'border');
add('divide-x', 'divide-x');
add('divide-y', 'divide-y');
add('divide-x-reverse', 'divide-x-reverse');
add('divide-y-reverse', 'divide-y-reverse');
add('space-x-reverse', 'space-x-reverse');
add('space-y-reverse', 'space-y-reverse');
add('list-image', 'list-image-none');
add('border-collapse', 'border-collapse border-separate');
add('vertical-align', 'align-baseline align-top align-middle align-bottom align-text-top align-text-bottom align-sub align-super');
add('caption', 'caption-top caption-bottom');
add('float', 'float-left float-right float-start float-end float-none');
add('clear', 'clear-left clear-right clear-both clear-none clear-start clear-end');

const borderSides: Record<string, string> = { x: 'x', y: 'y', s: 's', e: 'e', t: 't', r: 'r', b: 'b', l: 'l' };

const tshirt = /^(\d+(\.\d+)?)?(xs|sm|md|lg|xl)$/;
const number = /^\d+(\.\d+)?$/;
const fraction = /^\d+\/\d+$/;
const lengthValue = /\d+(\.\d+)?(%|px|r?em|[dsl]?v[hwib]|vmin|vmax|ch|ex|cm|mm|in|pt|pc)|^0$|^(calc|min|max|clamp)\(/;
const arbitrary = (value: string) => /^\[.+\]$/.test(value);
const variable = (value: string) => /^\(.+\)$/.test(value);
const labelled = (value: string, label: string) => new RegExp(`^[[(]${label}:`).test(value);
const arbitraryLength = (value: string) => (arbitrary(value) && (labelled(value, 'length') || lengthValue.test(value.slice(1, -1)))) || (variable(value) && labelled(value, 'length'));
const lineStyles = new Set(['solid', 'dashed', 'dotted', 'double', 'none', 'hidden']);

/**
 * The group of a utility class (without variants), by its prefix and value; undefined for a class
 * no group knows (kept as written).
 */
function groupOf(base: string): string | undefined {
  if (literal[base]) return literal[base];
  // An arbitrary property, `[overflow-wrap:anywhere]`: its group is the property.
  const property = /^\[([a-z-]+):.+\]$/.exec(base);
  if (property) return `[${property[1]}]`;
  const name = base.startsWith('-') ? base.slice(1) : base;
  for (let cut = name.lastIndexOf('-'); cut > 0; cut = name.lastIndexOf('-', cut - 1)) {
    const prefix = name.slice(0, cut);
    const value = name.slice(cut + 1);
    if (!value) continue;
    const group = byPrefix(prefix, value);
    if (group) return group;
  }
  return undefined;
}

const same = new Set(
  'p px py ps pe pt pr pb pl m mx my ms me mt mr mb ml w h size min-w min-h max-w max-h inset inset-x inset-y start end top right bottom left z gap gap-x gap-y basis order grid-cols grid-rows col row col-span col-start col-end row-span row-start row-end auto-cols auto-rows space-x space-y leading tracking line-clamp opacity duration delay ease animate cursor pointer-events select overflow overflow-x overflow-y overscroll overscroll-x overscroll-y whitespace decoration-style underline-offset outline-offset aspect object z translate-x translate-y translate-z rotate scale scale-x scale-y skew-x skew-y origin backdrop-blur blur list will-change content'.split(' '),
);
const spacing = new Set('p px py ps pe pt pr pb pl m mx my ms me mt mr mb ml inset inset-x inset-y start end top right bottom left gap gap-x gap-y space-x space-y'.split(' '));
const spacingValue = /^(\d+(\.\d+)?|px|auto|full|\d+\/\d+)$/;
const renamed: Record<string, string> = {
  justify: 'justify-content',
  'justify-items': 'justify-items',
  'justify-self': 'justify-self',
  content: 'align-content',
  items: 'align-items',
  self: 'align-self',
  'place-content': 'place-content',
  'place-items': 'place-items',
  'place-self': 'place-self',
  'col-span': 'col-start-end',
  'row-span': 'row-start-end',
  col: 'col-start-end',
  row: 'row-start-end',
  list: 'list-style-type',
  'list-image': 'list-image',
  fill: 'fill',
  stroke: 'stroke-w',
};

function byPrefix(prefix: string, value: string): string | undefined {
  switch (prefix) {
    case 'text':
      if (tshirt.test(value) || value === 'base' || arbitraryLength(value)) return 'font-size';
      return 'text-color';
    case 'font':
      if (/^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$/.test(value) || labelled(value, 'number')) return 'font-weight';
      return 'font-family';
    case 'bg':
      if (/^(fixed|local|scroll)$/.test(value)) return 'bg-attachment';
      if (/^(auto|cover|contain)$/.test(value)) return 'bg-size';
      if (/^(repeat|no-repeat|repeat-x|repeat-y|repeat-round|repeat-space)$/.test(value)) return 'bg-repeat';
      if (value === 'none' || value.startsWith('linear-') || value.startsWith('radial') || value.startsWith('conic')) return 'bg-image';
      return 'bg-color';
    case 'shadow':
    case 'inset-shadow':
    case 'drop-shadow':
      if (tshirt.test(value) || value === 'none' || (arbitrary(value) && /^\[(inset_)?-?(\d+(\.\d+)?|0)[a-z]*_/.test(value)) || labelled(value, 'shadow'))
        return prefix;
      return `${prefix}-color`;
    case 'ring':
    case 'inset-ring':
    case 'outline':
      if (prefix === 'outline' && lineStyles.has(value)) return 'outline-style';
      if (number.test(value) || arbitraryLength(value)) return `${prefix}-w`;
      return `${prefix}-color`;
    case 'ring-offset':
      return number.test(value) || arbitraryLength(value) ? 'ring-offset-w' : 'ring-offset-color';
    case 'border':
    case 'divide':
      if (prefix === 'divide' && lineStyles.has(value)) return 'divide-style';
      if (prefix === 'border' && borderSides[value]) return `border-w-${value}`;
      if (number.test(value) || arbitraryLength(value)) return `${prefix}-w`;
      return `${prefix}-color`;
    case 'border-x':
    case 'border-y':
    case 'border-s':
    case 'border-e':
    case 'border-t':
    case 'border-r':
    case 'border-b':
    case 'border-l': {
      const side = prefix.slice(7);
      return number.test(value) || arbitraryLength(value) ? `border-w-${side}` : `border-color-${side}`;
    }
    case 'rounded':
      return rounded[value] ?? 'rounded';
    case 'decoration':
      if (lineStyles.has(value) || value === 'wavy') return 'text-decoration-style';
      if (number.test(value) || value === 'auto' || value === 'from-font' || arbitraryLength(value)) return 'text-decoration-thickness';
      return 'text-decoration-color';
    case 'transition':
      return 'transition';
    case 'flex':
      return value === 'row' || value === 'col' ? undefined : 'flex';
    case 'grow':
    case 'shrink':
      return number.test(value) || arbitrary(value) ? prefix : undefined;
    case 'stroke':
      return number.test(value) || arbitraryLength(value) ? 'stroke-w' : 'stroke';
    case 'w':
    case 'h':
    case 'size':
    case 'min-w':
    case 'min-h':
    case 'max-w':
    case 'max-h':
      return prefix;
    default:
      if (prefix.startsWith('rounded-')) {
        const side = prefix.slice(8);
        if (rounded[side] === undefined && !roundedSides.has(side)) return undefined;
        return `rounded-${side}`;
      }
      if (renamed[prefix]) return renamed[prefix];
      if (spacing.has(prefix)) return spacingValue.test(value) || arbitrary(value) || variable(value) ? prefix : undefined;
      if (same.has(prefix)) return prefix;
      if (fraction.test(value)) return undefined;
      return undefined;
  }
}

const roundedSides = new Set(['s', 'e', 't', 'r', 'b', 'l', 'ss', 'se', 'ee', 'es', 'tl', 'tr', 'br', 'bl']);
// `rounded-t` is the top corners' group, not a radius named `t`.
const rounded: Record<string, string> = Object.fromEntries([...roundedSides].map((side) => [side, `rounded-${side}`]));

#!/usr/bin/env node
// A stand-in for the `opa` binary (Open Policy Agent): `version`, `check` and `eval --format json`
// with the exact JSON shapes of opa 1.x, over a small, honest subset of Rego (README.md lists it).
// Anything outside the subset is a rego_parse_error naming what is unsupported, never a guess.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

class RegoError extends Error {
  constructor(code, message, file, row, col) {
    super(message);
    this.code = code;
    this.location = file ? { file, row: row ?? 1, col: col ?? 1 } : undefined;
  }
}

// ---------------------------------------------------------------- tokens
const PUNCT = [':=', '==', '!=', '<=', '>=', '<', '>', '=', '{', '}', '[', ']', '(', ')', ',', '.', ';', '|', '+', '-', '*', '/', ':'];

function tokenize(text, file) {
  const tokens = [];
  let i = 0, row = 1, col = 1;
  const push = (type, value, r, c) => tokens.push({ type, value, row: r, col: c });
  while (i < text.length) {
    const ch = text[i];
    if (ch === '\n') { push('nl', '\n', row, col); i++; row++; col = 1; continue; }
    if (ch === ' ' || ch === '\t' || ch === '\r') { i++; col++; continue; }
    if (ch === '#') { while (i < text.length && text[i] !== '\n') i++; continue; }
    const r = row, c = col;
    if (ch === '"') {
      let j = i + 1, out = '';
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\') { const e = text[j + 1]; out += e === 'n' ? '\n' : e === 't' ? '\t' : e; j += 2; }
        else { out += text[j]; j++; }
      }
      if (j >= text.length) throw new RegoError('rego_parse_error', 'non-terminated string', file, r, c);
      push('str', out, r, c); col += j + 1 - i; i = j + 1; continue;
    }
    if (ch === '`') {
      const j = text.indexOf('`', i + 1);
      if (j < 0) throw new RegoError('rego_parse_error', 'non-terminated raw string', file, r, c);
      push('str', text.slice(i + 1, j), r, c); col += j + 1 - i; i = j + 1; continue;
    }
    const num = /^\d+(\.\d+)?/.exec(text.slice(i));
    if (num) { push('num', Number(num[0]), r, c); i += num[0].length; col += num[0].length; continue; }
    const id = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i));
    if (id) { push('id', id[0], r, c); i += id[0].length; col += id[0].length; continue; }
    const p = PUNCT.find((q) => text.startsWith(q, i));
    if (!p) throw new RegoError('rego_parse_error', `illegal token ${JSON.stringify(ch)}`, file, r, c);
    push('p', p, r, c); i += p.length; col += p.length;
  }
  push('eof', '', row, col);
  return tokens;
}

// ---------------------------------------------------------------- parser
class Parser {
  constructor(tokens, file) { this.t = tokens; this.i = 0; this.file = file; this.depth = 0; }
  peek(o = 0) {
    let k = this.i;
    for (let n = 0; ; k++) {
      const tok = this.t[k];
      if (tok.type === 'nl' && this.depth > 0) continue;
      if (n === o) return tok;
      n++;
    }
  }
  next() { const tok = this.peek(); this.i = this.t.indexOf(tok) + 1; return tok; }
  skipNl() { while (this.t[this.i].type === 'nl') this.i++; }
  is(value) { const tok = this.peek(); return (tok.type === 'p' || tok.type === 'id') && tok.value === value; }
  expect(value) {
    const tok = this.next();
    if (tok.value !== value) this.fail(tok, `unexpected ${tok.type === 'eof' ? 'eof' : JSON.stringify(tok.value)}, expected ${JSON.stringify(value)}`);
    return tok;
  }
  fail(tok, message) { throw new RegoError('rego_parse_error', message, this.file, tok.row, tok.col); }
  unsupported(tok, what) { this.fail(tok, `${what} is not supported by the opa stand-in`); }

  module() {
    this.skipNl();
    this.expect('package');
    const pkg = [this.next().value];
    while (this.is('.')) { this.next(); pkg.push(this.next().value); }
    const rules = [];
    for (;;) {
      this.skipNl();
      const tok = this.peek();
      if (tok.type === 'eof') break;
      if (tok.value === 'import') { while (this.t[this.i].type !== 'nl' && this.t[this.i].type !== 'eof') this.i++; continue; }
      rules.push(this.rule());
    }
    return { pkg, rules };
  }

  rule() {
    const start = this.peek();
    let isDefault = false;
    if (this.is('default')) { this.next(); isDefault = true; }
    const name = this.next();
    if (name.type !== 'id') this.fail(name, `unexpected ${JSON.stringify(name.value)}`);
    const rule = { name: name.value, kind: 'complete', value: { t: 'lit', v: true }, body: [], row: start.row };
    if (this.is('(')) this.unsupported(this.peek(), 'a function definition');
    if (isDefault) {
      this.next(); // := or =
      rule.kind = 'default';
      rule.value = this.expr();
      return rule;
    }
    if (this.is('contains')) { this.next(); rule.kind = 'set'; rule.value = this.expr(); }
    else if (this.is('[')) {
      this.depth++; this.next(); rule.kind = 'set'; rule.value = this.expr(); this.expect(']'); this.depth--;
      if (this.is('=') || this.is(':=')) this.unsupported(this.peek(), 'a partial object rule');
    } else if (this.is(':=') || this.is('=')) { this.next(); rule.value = this.expr(); }
    if (this.is('if')) this.next();
    if (this.is('{')) rule.body = this.body();
    else if (this.is('else')) this.unsupported(this.peek(), 'else');
    if (this.is('else')) this.unsupported(this.peek(), 'else');
    return rule;
  }

  body() {
    this.expect('{');
    const statements = [];
    for (;;) {
      this.skipNl();
      if (this.t[this.i].value === '}') { this.i++; break; }
      statements.push(this.statement());
      const after = this.t[this.i];
      if (after.value === ';' || after.type === 'nl') this.i++;
      else if (after.value !== '}') this.fail(after, `unexpected ${JSON.stringify(after.value)}`);
    }
    return statements;
  }

  statement() {
    const tok = this.peek();
    if (tok.value === 'some') {
      this.next();
      const names = [this.next().value];
      while (this.is(',')) { this.next(); names.push(this.next().value); }
      if (!this.is('in')) return { t: 'noop' };
      this.next();
      return { t: 'some', names, coll: this.expr() };
    }
    if (tok.value === 'every' || tok.value === 'with') this.unsupported(tok, tok.value);
    if (tok.value === 'not') { this.next(); return { t: 'not', e: this.expr() }; }
    const left = this.expr();
    if (this.is(':=')) {
      this.next();
      if (left.t !== 'ref' || left.sel.length) this.fail(tok, 'cannot assign to a non-variable');
      return { t: 'assign', name: left.base, e: this.expr() };
    }
    for (const op of ['==', '!=', '<=', '>=', '<', '>', '=']) {
      if (this.is(op)) { this.next(); return { t: 'cmp', op: op === '=' ? '==' : op, l: left, r: this.expr() }; }
    }
    return { t: 'expr', e: left };
  }

  expr() {
    let left = this.primary();
    if (this.is('in')) { this.next(); left = { t: 'in', l: left, r: this.primary() }; }
    for (const op of ['+', '-', '*', '/']) if (this.is(op)) this.unsupported(this.peek(), 'arithmetic');
    return left;
  }

  primary() {
    const tok = this.next();
    if (tok.type === 'str' || tok.type === 'num') return { t: 'lit', v: tok.value };
    if (tok.type === 'id' && ['true', 'false', 'null'].includes(tok.value)) return { t: 'lit', v: JSON.parse(tok.value) };
    if (tok.value === '[') {
      this.depth++;
      const items = [];
      while (!this.is(']')) { items.push(this.expr()); if (this.is(',')) this.next(); }
      this.next(); this.depth--;
      return { t: 'arr', items };
    }
    if (tok.value === '{') {
      this.depth++;
      const entries = [];
      while (!this.is('}')) {
        const k = this.expr(); this.expect(':'); entries.push([k, this.expr()]);
        if (this.is(',')) this.next();
      }
      this.next(); this.depth--;
      return { t: 'obj', entries };
    }
    if (tok.value === '(') { this.depth++; const e = this.expr(); this.expect(')'); this.depth--; return e; }
    if (tok.type !== 'id') this.fail(tok, `unexpected ${JSON.stringify(tok.value)}`);
    const ref = { t: 'ref', base: tok.value, sel: [] };
    for (;;) {
      const nextTok = this.t[this.i];
      if (nextTok.value === '.' && this.t[this.i + 1].type === 'id') { this.i++; ref.sel.push({ t: 'lit', v: this.next().value }); continue; }
      if (nextTok.value === '[') { this.i++; this.depth++; ref.sel.push(this.expr()); this.expect(']'); this.depth--; continue; }
      if (nextTok.value === '(') {
        this.i++; this.depth++;
        const args = [];
        while (!this.is(')')) { args.push(this.expr()); if (this.is(',')) this.next(); }
        this.next(); this.depth--;
        const name = [ref.base, ...ref.sel.map((s) => s.v)].join('.');
        return { t: 'call', name, args, row: tok.row, col: tok.col };
      }
      return ref;
    }
  }
}

// ---------------------------------------------------------------- evaluation
const isObj = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const typeRank = (v) => (v === null ? 0 : typeof v === 'boolean' ? 1 : typeof v === 'number' ? 2 : typeof v === 'string' ? 3 : Array.isArray(v) ? 4 : 5);
function compare(a, b) {
  const ra = typeRank(a), rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 2 || ra === 3 || ra === 1) return a < b ? -1 : a > b ? 1 : 0;
  const sa = JSON.stringify(a), sb = JSON.stringify(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

function sprintf(format, args) {
  let k = 0;
  return format.replace(/%([%svdq])/g, (_, verb) => {
    if (verb === '%') return '%';
    const v = args[k++];
    if (verb === 'q') return JSON.stringify(typeof v === 'string' ? v : JSON.stringify(v));
    return typeof v === 'string' ? v : JSON.stringify(v);
  });
}

const builtins = {
  sprintf: (f, a) => sprintf(f, a),
  count: (x) => (Array.isArray(x) ? x.length : isObj(x) ? Object.keys(x).length : typeof x === 'string' ? [...x].length : undefined),
  startswith: (a, b) => a.startsWith(b),
  endswith: (a, b) => a.endsWith(b),
  contains: (a, b) => a.includes(b),
  concat: (sep, arr) => arr.join(sep),
  lower: (s) => s.toLowerCase(),
  upper: (s) => s.toUpperCase(),
  'object.get': (o, k, d) => (isObj(o) && k in o ? o[k] : d),
  is_string: (x) => typeof x === 'string',
  is_number: (x) => typeof x === 'number',
  is_array: (x) => Array.isArray(x),
  is_object: (x) => isObj(x),
  is_boolean: (x) => typeof x === 'boolean',
  'regex.match': (p, s) => new RegExp(p).test(s),
  to_number: (x) => Number(x),
};

class Evaluator {
  constructor(modules, input) {
    this.input = input;
    this.packages = new Map();
    for (const m of modules) {
      const key = m.pkg.join('.');
      const rules = this.packages.get(key) ?? [];
      rules.push(...m.rules);
      this.packages.set(key, rules);
    }
    this.cache = new Map();
    this.evaluating = new Set();
  }

  ruleNames(pkg) { return [...new Set((this.packages.get(pkg) ?? []).map((r) => r.name))].sort(); }

  /** The value of a rule, or undefined. */
  rule(pkg, name) {
    const key = `${pkg}.${name}`;
    if (this.cache.has(key)) return this.cache.get(key);
    if (this.evaluating.has(key)) throw new RegoError('rego_recursion_error', `rule data.${key} is recursive`);
    this.evaluating.add(key);
    const defs = (this.packages.get(pkg) ?? []).filter((r) => r.name === name);
    let value;
    if (defs.some((d) => d.kind === 'set')) {
      const items = [];
      for (const d of defs.filter((x) => x.kind === 'set')) {
        for (const env of this.body(d.body, new Map(), pkg)) {
          for (const [v] of this.eval(d.value, env, pkg)) if (!items.some((x) => same(x, v))) items.push(v);
        }
      }
      value = items.sort(compare);
    } else {
      const values = [];
      for (const d of defs.filter((x) => x.kind === 'complete')) {
        for (const env of this.body(d.body, new Map(), pkg)) {
          for (const [v] of this.eval(d.value, env, pkg)) if (!values.some((x) => same(x, v))) values.push(v);
        }
      }
      if (values.length > 1) throw new RegoError('eval_conflict_error', 'complete rules must not produce multiple outputs');
      value = values[0];
      if (value === undefined) {
        const def = defs.find((d) => d.kind === 'default');
        if (def) value = this.eval(def.value, new Map(), pkg)[0]?.[0];
      }
    }
    this.evaluating.delete(key);
    this.cache.set(key, value);
    return value;
  }

  /** A package as a document: its defined rules by name (and sub-packages). */
  packageDoc(prefix) {
    const doc = {};
    for (const name of this.ruleNames(prefix)) {
      const v = this.rule(prefix, name);
      if (v !== undefined) doc[name] = v;
    }
    for (const other of this.packages.keys()) {
      if (other.startsWith(`${prefix}.`)) {
        const rest = other.slice(prefix.length + 1).split('.')[0];
        if (!(rest in doc)) doc[rest] = this.packageDoc(`${prefix}.${rest}`);
      }
    }
    return doc;
  }

  dataRoot() {
    const doc = {};
    for (const pkg of this.packages.keys()) { const top = pkg.split('.')[0]; if (!(top in doc)) doc[top] = this.packageDoc(top); }
    return doc;
  }

  /** Every solution of a body, as the environments that satisfy it. */
  body(statements, env, pkg) {
    let envs = [env];
    for (const s of statements) {
      const next = [];
      for (const e of envs) next.push(...this.statement(s, e, pkg));
      envs = next;
      if (!envs.length) break;
    }
    return envs;
  }

  statement(s, env, pkg) {
    switch (s.t) {
      case 'noop':
        return [env];
      case 'some': {
        const out = [];
        for (const [coll, e] of this.eval(s.coll, env, pkg)) {
          const entries = Array.isArray(coll) ? coll.map((v, i) => [i, v]) : isObj(coll) ? Object.entries(coll) : [];
          for (const [k, v] of entries) {
            const next = new Map(e);
            if (s.names.length === 2) { next.set(s.names[0], k); next.set(s.names[1], v); } else next.set(s.names[0], v);
            out.push(next);
          }
        }
        return out;
      }
      case 'not':
        return this.eval(s.e, env, pkg).some(([v]) => v !== false) ? [] : [env];
      case 'assign':
        return this.eval(s.e, env, pkg).map(([v, e]) => new Map(e).set(s.name, v));
      case 'cmp': {
        const out = [];
        for (const [l, e1] of this.eval(s.l, env, pkg)) {
          for (const [r, e2] of this.eval(s.r, e1, pkg)) {
            const c = compare(l, r);
            const ok = s.op === '==' ? same(l, r) : s.op === '!=' ? !same(l, r) : typeRank(l) !== typeRank(r) ? false : s.op === '<' ? c < 0 : s.op === '<=' ? c <= 0 : s.op === '>' ? c > 0 : c >= 0;
            if (ok) out.push(e2);
          }
        }
        return out;
      }
      case 'expr':
        return this.eval(s.e, env, pkg).filter(([v]) => v !== false).map(([, e]) => e);
    }
    return [];
  }

  /** Every value an expression takes, each with the bindings that give it ([] = undefined). */
  eval(x, env, pkg) {
    switch (x.t) {
      case 'lit':
        return [[x.v, env]];
      case 'arr': {
        let acc = [[[], env]];
        for (const item of x.items) acc = acc.flatMap(([vals, e]) => this.eval(item, e, pkg).map(([v, e2]) => [[...vals, v], e2]));
        return acc;
      }
      case 'obj': {
        let acc = [[{}, env]];
        for (const [k, v] of x.entries) {
          acc = acc.flatMap(([o, e]) => this.eval(k, e, pkg).flatMap(([kv, e2]) => this.eval(v, e2, pkg).map(([vv, e3]) => [{ ...o, [kv]: vv }, e3])));
        }
        return acc;
      }
      case 'in':
        return this.eval(x.l, env, pkg).flatMap(([l, e]) =>
          this.eval(x.r, e, pkg).map(([r, e2]) => [(Array.isArray(r) ? r : isObj(r) ? Object.values(r) : []).some((v) => same(v, l)), e2]),
        );
      case 'call': {
        const fn = builtins[x.name];
        if (!fn) throw new RegoError('rego_type_error', `undefined function ${x.name}`, undefined);
        let acc = [[[], env]];
        for (const arg of x.args) acc = acc.flatMap(([vals, e]) => this.eval(arg, e, pkg).map(([v, e2]) => [[...vals, v], e2]));
        const out = [];
        for (const [args, e] of acc) {
          try {
            const v = fn(...args);
            if (v !== undefined) out.push([v, e]);
          } catch {
            // A built-in given the wrong types is undefined, as in OPA's non-strict mode.
          }
        }
        return out;
      }
      case 'ref':
        return this.ref(x, env, pkg);
    }
    return [];
  }

  ref(x, env, pkg) {
    let starts;
    if (env.has(x.base)) starts = [[env.get(x.base), env, null]];
    else if (x.base === 'input') starts = [[this.input, env, null]];
    else if (x.base === 'data') {
      // data.a.b.rule: the longest run of literal selectors naming a package, then a rule of it.
      const names = [];
      for (const sel of x.sel) {
        if (sel.t !== 'lit' || typeof sel.v !== 'string') break;
        names.push(sel.v);
      }
      for (let k = names.length; k > 0; k--) {
        const prefix = names.slice(0, k).join('.');
        if (!this.packages.has(prefix)) continue;
        const ruleName = names[k];
        if (ruleName !== undefined && this.ruleNames(prefix).includes(ruleName)) {
          const v = this.rule(prefix, ruleName);
          return v === undefined ? [] : this.select([[v, env]], x.sel.slice(k + 1), pkg);
        }
        return this.select([[this.packageDoc(prefix), env]], x.sel.slice(k), pkg);
      }
      return this.select([[this.dataRoot(), env]], x.sel, pkg);
    } else if (this.ruleNames(pkg).includes(x.base)) {
      const v = this.rule(pkg, x.base);
      starts = v === undefined ? [] : [[v, env]];
    } else if (x.base === '_') {
      return [];
    } else {
      throw new RegoError('rego_unsafe_var_error', `var ${x.base} is unsafe`);
    }
    return this.select(starts.map(([v, e]) => [v, e]), x.sel, pkg);
  }

  select(current, selectors, pkg) {
    for (const sel of selectors) {
      const next = [];
      for (const [value, env] of current) {
        const free = sel.t === 'ref' && sel.sel.length === 0 && (sel.base === '_' || (!env.has(sel.base) && sel.base !== 'input' && sel.base !== 'data' && !this.ruleNames(pkg).includes(sel.base)));
        if (free) {
          const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : isObj(value) ? Object.entries(value) : [];
          for (const [k, v] of entries) next.push([v, sel.base === '_' ? env : new Map(env).set(sel.base, k)]);
          continue;
        }
        for (const [key, e] of this.eval(sel, env, pkg)) {
          if (Array.isArray(value) && typeof key === 'number' && key in value) next.push([value[key], e]);
          else if (isObj(value) && typeof key === 'string' && key in value) next.push([value[key], e]);
        }
      }
      current = next;
    }
    return current;
  }
}

// ---------------------------------------------------------------- command line
function regoFiles(path) {
  if (statSync(path).isDirectory()) return readdirSync(path).sort().flatMap((n) => regoFiles(join(path, n)));
  return path.endsWith('.rego') ? [path] : [];
}

function parseFiles(paths) {
  return paths.flatMap(regoFiles).map((file) => {
    const parsed = new Parser(tokenize(readFileSync(file, 'utf8'), file), file).module();
    return { ...parsed, file };
  });
}

const errorJson = (error) => ({
  errors: [{ message: error.message, code: error.code ?? 'internal_error', ...(error.location ? { location: error.location } : {}) }],
});

function main(argv) {
  const [command, ...rest] = argv;
  if (command === 'version') {
    process.stdout.write('Version: 1.4.2-terrace-stand-in\nBuild Commit: stand-in\nGo Version: none\nPlatform: node\nRego Version: v1\n');
    return 0;
  }
  if (command === 'check') {
    try {
      parseFiles(rest.filter((a) => !a.startsWith('-')));
      return 0;
    } catch (error) {
      const loc = error.location ? `${error.location.file}:${error.location.row}: ` : '';
      process.stderr.write(`1 error occurred: ${loc}${error.code ?? 'error'}: ${error.message}\n`);
      return 1;
    }
  }
  if (command !== 'eval') {
    process.stderr.write(`Error: unknown command "${command}" for "opa" (the stand-in answers version, check and eval)\n`);
    return 1;
  }
  const data = [];
  let inputFile, format = 'json', query;
  for (let k = 0; k < rest.length; k++) {
    const a = rest[k];
    const [flag, inline] = a.includes('=') && a.startsWith('-') ? a.split(/=(.*)/s) : [a, undefined];
    const value = () => inline ?? rest[++k];
    if (flag === '-d' || flag === '--data') data.push(value());
    else if (flag === '-i' || flag === '--input') inputFile = value();
    else if (flag === '-f' || flag === '--format') format = value();
    else if (flag === '--fail-defined' || flag === '--fail') { if (inline === undefined && rest[k + 1] && /^(true|false)$/.test(rest[k + 1])) k++; }
    else if (flag.startsWith('-')) { process.stderr.write(`Error: unknown flag: ${flag}\n`); return 1; }
    else query = a;
  }
  if (format !== 'json') { process.stderr.write('Error: the stand-in writes only --format json\n'); return 1; }
  if (!query) { process.stderr.write('Error: specify exactly one query argument\n'); return 1; }
  try {
    const modules = parseFiles(data);
    const input = inputFile ? JSON.parse(readFileSync(inputFile, 'utf8')) : undefined;
    const tokens = tokenize(query, 'query');
    const parser = new Parser(tokens, 'query');
    const expression = parser.expr();
    const evaluator = new Evaluator(modules, input);
    const values = evaluator.eval(expression, new Map(), '');
    const output = values.length
      ? { result: values.map(([value]) => ({ expressions: [{ value, text: query, location: { row: 1, col: 1 } }] })) }
      : {};
    process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof RegoError)) throw error;
    process.stdout.write(`${JSON.stringify(errorJson(error), null, 2)}\n`);
    return 1;
  }
}

process.exitCode = main(process.argv.slice(2));

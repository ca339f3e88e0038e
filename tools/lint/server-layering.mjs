#!/usr/bin/env node
// The server's layering, checked statically over apps/api/src/modules (test files excluded):
//
//   module-tables       a module never imports another module's tables (`*.schema.ts`)
//   module-repository   …nor another module's repository: it calls that module's service
//   routes-database     a routes file never touches the database (drizzle, db/, a repository, a schema)
//   audit               every exported mutating service function (create…, update…, delete…, add…,
//                       remove…, set…) writes an audit row: it calls recordAudit, directly or through
//                       a function (of its file, or an exported one of another service) that does
//
// Violations already known are listed in server-layering-baseline.json, each with why it stays
// for now: the check fails on a new violation, and on a baseline entry that is no longer a
// violation (fixed: delete its line), so the baseline only shrinks.
//
//   node tools/lint/server-layering.mjs            check against the baseline
//   node tools/lint/server-layering.mjs --list     print every violation (for a new baseline)
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '../..');
export const modulesDir = join(root, 'apps/api/src/modules');
export const baselineFile = join(import.meta.dirname, 'server-layering-baseline.json');

/** Names of functions that change state: their first word. */
export const mutatingVerbs = [
  'create', 'update', 'delete', 'add', 'remove', 'set', 'put', 'revoke', 'invite', 'accept', 'reset', 'change',
  'configure', 'disable', 'enable', 'register', 'sign', 'trade', 'switch', 'confirm', 'upsert', 'insert', 'claim',
  'rotate', 'recover', 'sync', 'import', 'move', 'rename', 'approve', 'cancel', 'apply',
];
const mutating = new RegExp(`^(${mutatingVerbs.join('|')})(?![a-z])`);
export const isMutatingName = (name) => mutating.test(name);

function listFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Parses one source file: its imports, and its functions with what they call. */
export function parseSource(path, text) {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const imports = [];
  /** local name → { exported, calls:Set<string> } */
  const functions = new Map();
  /** imported local name → { specifier, imported } */
  const importedNames = new Map();
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const specifier = statement.moduleSpecifier.text;
      imports.push(specifier);
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          importedNames.set(element.name.text, { specifier, imported: (element.propertyName ?? element.name).text });
        }
      }
      if (bindings && ts.isNamespaceImport(bindings)) importedNames.set(bindings.name.text, { specifier, imported: '*' });
    }
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      imports.push(statement.moduleSpecifier.text);
    }
  }
  const callsIn = (node) => {
    const calls = new Set();
    const visit = (n) => {
      if (ts.isCallExpression(n)) {
        const callee = n.expression;
        if (ts.isIdentifier(callee)) calls.add(callee.text);
        else if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)) {
          calls.add(`${callee.expression.text}.${callee.name.text}`);
        }
      }
      // A function passed by name (`work(scope, record)`) counts as called.
      if (ts.isIdentifier(n) && n.parent && ts.isCallExpression(n.parent) && n.parent.arguments.includes(n)) calls.add(n.text);
      ts.forEachChild(n, visit);
    };
    visit(node);
    return calls;
  };
  const isExported = (node) => (ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Export) !== 0;
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) {
      functions.set(statement.name.text, { exported: isExported(statement), calls: callsIn(statement), line: line(source, statement) });
    }
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (ts.isIdentifier(declaration.name) && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) {
          functions.set(declaration.name.text, { exported: isExported(statement), calls: callsIn(init), line: line(source, statement) });
        }
      }
    }
  }
  return { imports, functions, importedNames };
}

const line = (source, node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;

/** The module a path belongs to (`namespaces` for modules/namespaces/…), or null outside modules. */
const moduleOf = (path) => {
  const rel = relative(modulesDir, path);
  return rel.startsWith('..') ? null : rel.split(/[\\/]/)[0];
};

/**
 * Every violation of the rules in `files` (path → text), as stable strings
 * `rule path: detail` (paths relative to the modules folder).
 */
export function findViolations(files) {
  const parsed = new Map([...files].map(([path, text]) => [path, parseSource(path, text)]));
  const violations = [];
  const rel = (path) => relative(modulesDir, path).split('\\').join('/');

  for (const [path, { imports }] of parsed) {
    const own = moduleOf(path);
    const isRoutes = path.endsWith('.routes.ts');
    for (const specifier of imports) {
      const target = specifier.startsWith('.') ? resolve(dirname(path), specifier) : null;
      const targetModule = target ? moduleOf(target) : null;
      const base = target ? target.split(/[\\/]/).pop() : specifier;
      if (target && targetModule && targetModule !== own) {
        if (base.endsWith('.schema')) violations.push(`module-tables ${rel(path)}: imports ${specifier}`);
        if (base.endsWith('.repository')) violations.push(`module-repository ${rel(path)}: imports ${specifier}`);
      }
      if (isRoutes) {
        const touchesDb =
          specifier === 'drizzle-orm' ||
          specifier.startsWith('drizzle-orm/') ||
          specifier === 'pg' ||
          (target !== null && (target.includes(`${join('src', 'db')}`) || base.endsWith('.repository') || base.endsWith('.schema')));
        if (touchesDb) violations.push(`routes-database ${rel(path)}: imports ${specifier}`);
      }
    }
  }

  // Auditing functions: those reaching recordAudit through calls of their file or of exported
  // auditing functions of other files, to a fixed point.
  const auditing = new Set(); // `${path}#${name}`
  let grew = true;
  const resolvesToAuditing = (path, info, called) => {
    if (called === 'recordAudit') return true;
    const [head, member] = called.split('.');
    if (!member && info.functions.has(head)) return auditing.has(`${path}#${head}`);
    const imported = info.importedNames.get(head);
    if (!imported || !imported.specifier.startsWith('.')) return false;
    const target = `${resolve(dirname(path), imported.specifier)}.ts`;
    const name = imported.imported === '*' ? member : imported.imported;
    if (name === 'recordAudit') return true;
    return name !== undefined && auditing.has(`${target}#${name}`);
  };
  while (grew) {
    grew = false;
    for (const [path, info] of parsed) {
      for (const [name, fn] of info.functions) {
        const key = `${path}#${name}`;
        if (auditing.has(key)) continue;
        if ([...fn.calls].some((called) => resolvesToAuditing(path, info, called))) {
          auditing.add(key);
          grew = true;
        }
      }
    }
  }
  for (const [path, info] of parsed) {
    if (!path.endsWith('.service.ts')) continue;
    for (const [name, fn] of info.functions) {
      if (fn.exported && isMutatingName(name) && !auditing.has(`${path}#${name}`)) {
        violations.push(`audit ${rel(path)}: ${name} writes no audit row`);
      }
    }
  }
  return [...new Set(violations)].sort();
}

export function readModules() {
  return new Map(listFiles(modulesDir).map((path) => [path, readFileSync(path, 'utf8')]));
}

/** Compares violations with the baseline: new ones, and baseline entries that no longer occur. */
export function compareWithBaseline(violations, baseline) {
  const known = new Set(baseline);
  const current = new Set(violations);
  return { added: violations.filter((v) => !known.has(v)), fixed: baseline.filter((v) => !current.has(v)) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const violations = findViolations(readModules());
  if (process.argv.includes('--list')) {
    console.log(JSON.stringify(violations, null, 2));
    process.exit(0);
  }
  const baseline = Object.keys(JSON.parse(readFileSync(baselineFile, 'utf8')));
  const { added, fixed } = compareWithBaseline(violations, baseline);
  for (const v of added) console.error(`new layering violation: ${v}`);
  for (const v of fixed) console.error(`no longer a violation, remove it from ${relative(root, baselineFile)}: ${v}`);
  if (added.length || fixed.length) {
    console.error('\nThe rules and how to fix a violation: docs/contributing/server-domain.md (Lint).');
    process.exit(1);
  }
  console.log(`server layering: no new violations (${baseline.length} in the baseline).`);
}

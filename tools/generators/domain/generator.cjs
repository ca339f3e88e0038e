// @ts-check
// Scaffolds a console domain the same way every time: libs/<name>/data-access and
// libs/<name>/feature, tagged for the module-boundary rules, on the patterns of
// docs/contributing/console-domain.md: keys; with `resource`, request functions on the one client,
// queryOptions with the abort signal and a mutation awaiting its invalidations; pages by route id;
// with `settingsSection`, an organization settings section; tests and a story on the shared
// harnesses. The domain must already be declared in the domain graph (tools/lint/domain-graph.mjs),
// and a `resource` in the contract (the generated client), so both exist before the code does.
const { formatFiles, generateFiles, joinPathFragments, logger, names, updateJson } = require('@nx/devkit');
const path = require('node:path');
const { serverDomainGenerator } = require('./server.cjs');

/**
 * @param {import('@nx/devkit').Tree} tree
 * @param {{ name: string; resource?: string; plural?: string; route?: string; settingsSection?: string }} options
 */
async function domainGenerator(tree, options) {
  const graphSource = tree.read('tools/lint/domain-graph.mjs', 'utf-8') ?? '';
  const declared = new RegExp(`^\\s*'?${options.name}'?\\s*:`, 'm').test(graphSource);
  if (!declared) {
    throw new Error(
      `Domain '${options.name}' is not in tools/lint/domain-graph.mjs: add it there with the domains it may use first.`,
    );
  }
  const n = names(options.name);
  const consoleOptions = consoleSubstitutions(tree, options, n.propertyName);
  const substitutions = {
    domain: options.name,
    className: n.className,
    propertyName: n.propertyName,
    title: n.className.replace(/([a-z])([A-Z])/g, '$1 $2'),
    ...consoleOptions,
    tmpl: '',
  };
  for (const kind of ['data-access', 'feature']) {
    const root = joinPathFragments('libs', options.name, kind);
    if (tree.exists(joinPathFragments(root, 'project.json'))) {
      throw new Error(`${root} exists already.`);
    }
    generateFiles(tree, path.join(__dirname, 'files', kind), root, substitutions);
    if (kind === 'data-access' && consoleOptions.resource) {
      generateFiles(tree, path.join(__dirname, 'files', 'data-access-resource'), root, substitutions);
    }
    if (kind === 'feature' && consoleOptions.settingsSection) {
      generateFiles(tree, path.join(__dirname, 'files', 'feature-settings'), root, substitutions);
    }
    updateJson(tree, 'tsconfig.base.json', (json) => {
      json.compilerOptions.paths ??= {};
      json.compilerOptions.paths[`@terrace/${options.name}/${kind}`] = [`${root}/src/index.ts`];
      json.compilerOptions.paths = Object.fromEntries(
        Object.entries(json.compilerOptions.paths).sort(([a], [b]) => a.localeCompare(b)),
      );
      return json;
    });
  }
  // The server half (apps/api/src/modules/<name>), when the contract describes the resource.
  serverDomainGenerator(tree, options);
  await formatFiles(tree);
}

/**
 * The console half's choices, checked against the sources of truth: the contract (the resource's
 * `list<Plural>` and `delete<Resource>` operations, as the server half reads them), the route table
 * (the page goes under `route`, by default the route id named like the domain, if there is one)
 * and the settings-section catalogue.
 *
 * @param {import('@nx/devkit').Tree} tree
 * @param {{ name: string; resource?: string; plural?: string; route?: string; settingsSection?: string }} options
 * @param {string} propertyName
 */
function consoleSubstitutions(tree, options, propertyName) {
  const routes = tree.read('libs/session/src/lib/app-routes.ts', 'utf-8') ?? '';
  /** @param {string} id */
  const routePathOf = (id) => new RegExp(`^\\s*${id}: \\{\\s*path: '([^']+)'`, 'm').exec(routes)?.[1];
  if (options.route && !routePathOf(options.route)) {
    throw new Error(`Route '${options.route}' is not a route id of libs/session/src/lib/app-routes.ts.`);
  }
  const routeId = options.route ?? (routePathOf(propertyName) ? propertyName : null);
  const routePath = routeId ? routePathOf(routeId) : propertyName;

  // The same resource the server half builds on (server.cjs): PascalCase singular, by default the
  // domain's name; the console half needs its list and delete operations in the contract.
  const resourceName = options.resource ?? names(options.name.replace(/s$/, '')).className;
  const plural = options.plural ?? `${resourceName}s`;
  const contract = tree.read('openapi/dist/openapi.json', 'utf-8');
  /** @type {Record<string, { path: string; method: string }>} */
  const operations = {};
  for (const [pathName, item] of Object.entries(contract ? JSON.parse(contract).paths ?? {} : {})) {
    for (const [method, op] of Object.entries(/** @type {Record<string, any>} */ (item))) {
      if (op && op.operationId) operations[op.operationId] = { path: pathName, method };
    }
  }
  const list = operations[`list${plural}`];
  const remove = operations[`delete${resourceName}`];
  const idParam = /\{(\w+)\}$/.exec(remove?.path ?? '')?.[1];
  let resource = null;
  if (list?.method === 'get' && remove?.method === 'delete' && idParam) {
    resource = resourceName;
  } else {
    logger.warn(
      `Console requests not generated: the contract lacks list${plural} and delete${resourceName}. Describe the resource in openapi/ first ` +
        '(or name it with --resource/--plural), then run the generator again.',
    );
  }
  const collectionPath = resource ? (list?.path ?? '') : '';
  const itemPath = resource ? (remove?.path ?? '') : '';

  if (options.settingsSection) {
    const sections = tree.read('libs/session/src/lib/settings-sections.ts', 'utf-8') ?? '';
    if (!new RegExp(`^\\s*'?${options.settingsSection}'?: \\{ group:`, 'm').test(sections)) {
      throw new Error(`Settings section '${options.settingsSection}' is not in libs/session/src/lib/settings-sections.ts.`);
    }
  }
  return { resource, collectionPath, itemPath, idParam: idParam ?? '', routeId, routePath, settingsSection: options.settingsSection ?? null };
}

module.exports = domainGenerator;
module.exports.domainGenerator = domainGenerator;

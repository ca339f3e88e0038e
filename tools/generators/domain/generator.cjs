// @ts-check
// Scaffolds a console domain the same way every time: libs/<name>/data-access and
// libs/<name>/feature, tagged for the module-boundary rules, on the patterns of
// docs/contributing/console-domain.md: keys; with `resource`, request functions on the one client,
// queryOptions with the abort signal and a mutation awaiting its invalidations; pages by route id;
// with `settingsSection`, an organization settings section; tests and a story on the shared
// harnesses. The domain must already be declared in the domain graph (tools/lint/domain-graph.mjs),
// and a `resource` in the contract (the generated client), so both exist before the code does.
const { formatFiles, generateFiles, joinPathFragments, names, updateJson } = require('@nx/devkit');
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
  // The server half (apps/api/src/modules/<name>), when the contract describes the resource and the
  // module is not written yet (a console domain may be scaffolded after its server module).
  if (!tree.exists(joinPathFragments('apps/api/src/modules', options.name))) serverDomainGenerator(tree, options);
  await formatFiles(tree);
}

/**
 * The console half's choices, checked against the sources of truth: the contract's generated
 * client (a `resource` needs `GET /<resource>` and `DELETE /<resource>/{id}`), the route table
 * (the page goes under `route`, by default the route id named like the domain, if there is one)
 * and the settings-section catalogue.
 *
 * @param {import('@nx/devkit').Tree} tree
 * @param {{ name: string; resource?: string; route?: string; settingsSection?: string }} options
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

  let resource = null;
  let collectionPath = '';
  let itemPath = '';
  let idParam = '';
  if (options.resource) {
    const client = tree.read('libs/api-client/src/generated/openapi.ts', 'utf-8') ?? '';
    // The block of one path in the generated `paths`, and whether it has an operation for `method`.
    /** @param {string} pathName @param {string} method */
    const operation = (pathName, method) => {
      const start = client.indexOf(`    "${pathName}": {`);
      const block = start < 0 ? '' : client.slice(start, client.indexOf('\n    };', start));
      return new RegExp(`^        ${method}: operations`, 'm').test(block);
    };
    collectionPath = `/${options.resource}`;
    const item = new RegExp(`^    "(/${options.resource}/\\{(\\w+)\\})": \\{`, 'm').exec(client);
    if (!item || !operation(collectionPath, 'get') || !operation(item[1] ?? '', 'delete')) {
      throw new Error(
        `The contract has no GET ${collectionPath} and DELETE ${collectionPath}/{id}: describe them in openapi/ and generate the client first (openapi/README.md).`,
      );
    }
    resource = options.resource;
    itemPath = item[1] ?? '';
    idParam = item[2] ?? '';
  }

  if (options.settingsSection) {
    const sections = tree.read('libs/session/src/lib/settings-sections.ts', 'utf-8') ?? '';
    if (!new RegExp(`^\\s*'?${options.settingsSection}'?: \\{ group:`, 'm').test(sections)) {
      throw new Error(`Settings section '${options.settingsSection}' is not in libs/session/src/lib/settings-sections.ts.`);
    }
  }
  return { resource, collectionPath, itemPath, idParam, routeId, routePath, settingsSection: options.settingsSection ?? null };
}

module.exports = domainGenerator;
module.exports.domainGenerator = domainGenerator;

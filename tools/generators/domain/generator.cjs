// @ts-check
// Scaffolds a console domain the same way every time: libs/<name>/data-access and
// libs/<name>/feature, tagged for the module-boundary rules, each with a public index, a first
// test and (feature) a first story. The domain must already be declared in the domain graph
// (tools/lint/domain-graph.mjs), so its lint constraints exist before its code does.
const { formatFiles, generateFiles, joinPathFragments, names, updateJson } = require('@nx/devkit');
const path = require('node:path');
const { serverDomainGenerator } = require('./server.cjs');

/**
 * @param {import('@nx/devkit').Tree} tree
 * @param {{ name: string, resource?: string, plural?: string }} options
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
  const substitutions = {
    domain: options.name,
    className: n.className,
    propertyName: n.propertyName,
    title: n.className.replace(/([a-z])([A-Z])/g, '$1 $2'),
    tmpl: '',
  };
  for (const kind of ['data-access', 'feature']) {
    const root = joinPathFragments('libs', options.name, kind);
    if (tree.exists(joinPathFragments(root, 'project.json'))) {
      throw new Error(`${root} exists already.`);
    }
    generateFiles(tree, path.join(__dirname, 'files', kind), root, substitutions);
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

module.exports = domainGenerator;
module.exports.domainGenerator = domainGenerator;

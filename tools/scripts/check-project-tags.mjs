#!/usr/bin/env node
// Fails when a project lacks a tag on one of the required axes, carries a tag the lint
// constraints do not know, or when the domain graph has a cycle.
import { createProjectGraphAsync } from '@nx/devkit';
import {
  findCycle,
  platformRules,
  requiredAxes,
  scopeRules,
  typeRules,
} from '../lint/domain-graph.mjs';

const known = new Set([
  ...Object.keys(typeRules),
  ...Object.keys(scopeRules),
  ...Object.keys(platformRules),
]);
/**
 * The project graph. A fresh clone's first graph once failed to load one project's vite config
 * (CI, 'failed to load config from tools/vite.config.ts', not reproduced since): the cause is
 * printed and the graph built once more, so a tooling hiccup does not pass for a tag problem.
 */
async function projectGraph() {
  try {
    return await createProjectGraphAsync({ exitOnError: false });
  } catch (error) {
    console.error('check-project-tags: building the project graph failed once; trying again. The cause:');
    console.error(error?.stack ?? error);
    return createProjectGraphAsync({ exitOnError: true });
  }
}
const graph = await projectGraph();
const problems = [];

for (const [name, node] of Object.entries(graph.nodes)) {
  const tags = node.data.tags ?? [];
  for (const axis of requiredAxes) {
    const onAxis = tags.filter((t) => t.startsWith(`${axis}:`));
    if (onAxis.length !== 1) {
      problems.push(`${name}: needs exactly one '${axis}:*' tag, has [${onAxis.join(', ')}]`);
    }
  }
  // Nx derives `npm:*` tags from package.json files; they carry no boundary meaning.
  for (const tag of tags.filter((t) => !t.startsWith('npm:'))) {
    if (!known.has(tag)) problems.push(`${name}: tag '${tag}' has no dependency constraint`);
  }
}

const cycle = findCycle();
if (cycle) problems.push(`domain graph has a cycle: ${cycle.join(' → ')}`);

if (problems.length > 0) {
  console.error(`Project tag check failed:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Project tags OK: ${Object.keys(graph.nodes).length} projects tagged on ${requiredAxes.join(', ')}.`);

// The domain graph of ARCHITECTURE §2: which domain may use which. It must stay acyclic;
// tools/scripts/check-project-tags.mjs verifies that, and eslint.config.mjs turns it into
// @nx/enforce-module-boundaries constraints. Add a domain here before scaffolding it.
export const domainGraph = {
  session: [],
  organization: ['session'],
  namespaces: ['organization', 'session'],
  policies: ['session'],
  'ai-chat': ['session'],
  audit: ['session'],
  registry: ['session'],
  runs: ['policies', 'ai-chat', 'session'],
  vcs: ['session'],
  variables: ['session'],
  stacks: ['vcs', 'runs', 'policies', 'ai-chat', 'organization', 'namespaces', 'runners', 'session'],
  'cloud-creds': ['stacks', 'session'],
  dr: ['cloud-creds', 'session'],
  'tfc-migration': ['stacks', 'session'],
  shell: ['ai-chat', 'organization', 'session'],
  // The home page: its own overview call; it links to other domains' pages through the session's paths.
  dashboard: ['session'],
  // The Drift Center and the stack page's drift tab; stacks data-access for the stacks' drift states, namespaces for the filter.
  drift: ['stacks', 'namespaces', 'session'],
  // Self-service templates, blueprints and stack dependencies (issue 14): pickers read stacks, namespaces and VCS.
  templates: ['stacks', 'namespaces', 'vcs', 'session'],
  discovery: ['stacks', 'namespaces', 'vcs', 'session'],
  // Runner groups in the organization settings: their runners, registration tokens and concurrency limits (issue 12).
  runners: ['session'],
};

export const domains = Object.keys(domainGraph);

/** Every scope a domain may reach, following the graph transitively. */
export function reachableDomains(domain, seen = new Set()) {
  for (const next of domainGraph[domain] ?? []) {
    if (!seen.has(next)) {
      seen.add(next);
      reachableDomains(next, seen);
    }
  }
  return seen;
}

/** Returns the first cycle found as a list of domains, or null. */
export function findCycle() {
  const state = new Map();
  const stack = [];
  const visit = (d) => {
    state.set(d, 'open');
    stack.push(d);
    for (const next of domainGraph[d] ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    stack.pop();
    state.set(d, 'done');
    return null;
  };
  for (const d of domains) {
    if (!state.has(d)) {
      const cycle = visit(d);
      if (cycle) return cycle;
    }
  }
  return null;
}

export const typeRules = {
  'type:app': ['type:feature', 'type:data-access', 'type:ui', 'type:design-system', 'type:api-client', 'type:util', 'type:server'],
  'type:e2e': ['type:api-client', 'type:util'],
  'type:feature': ['type:data-access', 'type:ui', 'type:design-system', 'type:api-client', 'type:util'],
  'type:data-access': ['type:data-access', 'type:api-client', 'type:util'],
  'type:ui': ['type:ui', 'type:design-system', 'type:util'],
  'type:design-system': ['type:util'],
  'type:api-client': ['type:util'],
  'type:server': ['type:server', 'type:api-client', 'type:util'],
  'type:util': ['type:util'],
};

export const platformRules = {
  'platform:web': ['platform:web', 'platform:isomorphic'],
  'platform:node': ['platform:node', 'platform:isomorphic'],
  'platform:isomorphic': ['platform:isomorphic'],
};

export const scopeRules = {
  'scope:shared': ['scope:shared'],
  'scope:server': ['scope:server', 'scope:shared'],
  'scope:tools': ['scope:tools', 'scope:shared'],
  'scope:console': ['scope:console', 'scope:shared', ...domains.map((d) => `scope:${d}`)],
  ...Object.fromEntries(
    domains.map((d) => [
      `scope:${d}`,
      [`scope:${d}`, 'scope:shared', ...[...reachableDomains(d)].map((r) => `scope:${r}`)],
    ]),
  ),
};

export const requiredAxes = ['scope', 'type', 'platform'];

import { describe, expect, it } from 'vitest';
import { domainGraph, findCycle, reachableDomains, scopeRules } from './domain-graph.mjs';

describe('domain graph', () => {
  it('is acyclic', () => {
    expect(findCycle()).toBeNull();
  });

  it.each([
    ['stacks', 'runs', true],
    ['stacks', 'policies', true],
    ['dr', 'stacks', true],
    ['runs', 'stacks', false],
    ['shell', 'stacks', false],
    ['policies', 'runs', false],
  ])('%s may reach %s: %s', (from, to, allowed) => {
    expect(reachableDomains(from).has(to)).toBe(allowed);
    expect(scopeRules[`scope:${from}`]?.includes(`scope:${to}`)).toBe(allowed);
  });

  it('lets every domain use shared code and nothing of the server', () => {
    for (const domain of Object.keys(domainGraph)) {
      expect(scopeRules[`scope:${domain}`]).toContain('scope:shared');
      expect(scopeRules[`scope:${domain}`]).not.toContain('scope:server');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { variablesKeys } from './variables.keys';

describe('variablesKeys', () => {
  it('nests every list, effective view and scan under the domain key, so one invalidation reaches all', () => {
    expect(variablesKeys.list({ scope: 'namespace', scopeId: 'ns-1' })).toEqual(['variables', 'list', { scope: 'namespace', scopeId: 'ns-1' }]);
    for (const key of [variablesKeys.list({ scope: 'organization' }), variablesKeys.effective('stk-1'), variablesKeys.scan('stk-1', { providerId: 'vcsp-1', repoName: 'infra' })]) {
      expect(key.slice(0, 1)).toEqual(variablesKeys.all);
    }
  });
});

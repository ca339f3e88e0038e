import { describe, expect, it } from 'vitest';
import { appPath, appRouteBase, authPaths, loginRedirectFor, safeRedirectTarget } from './paths';

describe('paths', () => {
  it('builds authenticated routes with their parameters and query', () => {
    expect(appPath('dashboard')).toBe('/app/dashboard');
    expect(appPath('stack', { stackId: 'stk-1' }, { tab: 'resources' })).toBe('/app/stack/stk-1?tab=resources');
    expect(appPath('disasterRecoverySnapshot', { snapshotId: 'a b' })).toBe('/app/disasterRecovery/snapshot/a%20b');
    expect(appPath('organizationSetting', {}, { id: 'user-list' })).toBe('/app/organization/setting?id=user-list');
  });

  it('names the route constants without ids', () => {
    expect(appRouteBase('stack')).toBe('/app/stack');
    expect(appRouteBase('controlPolicyGroup')).toBe('/app/controlPolicyGroup');
    expect(`${appRouteBase('stack')}/stk-9`).toBe(appPath('stack', { stackId: 'stk-9' }));
  });

  it('builds sign-in routes', () => {
    expect(authPaths.login()).toBe('/auth/login');
    expect(authPaths.resetPassword('r/1')).toBe('/auth/resetPassword/r%2F1');
  });

  it.each([
    [{ pathname: '/app/stack/stk-1', search: '?tab=resources' }, '/auth/login?redirect=%2Fapp%2Fstack%2Fstk-1%3Ftab%3Dresources'],
    [{ pathname: '/', search: '' }, '/auth/login'],
  ])('sends %o to %s', (location, expected) => {
    expect(loginRedirectFor(location)).toBe(expected);
  });

  it.each([
    ['/app/audit?x=1', '/app/audit?x=1'],
    ['https://evil.example', '/'],
    ['//evil.example', '/'],
    [null, '/'],
  ])('accepts %s as redirect target → %s', (target, expected) => {
    expect(safeRedirectTarget(target)).toBe(expected);
  });
});

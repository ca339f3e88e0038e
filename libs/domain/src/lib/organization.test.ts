import { describe, expect, it } from 'vitest';
import { renderMessage } from './message';
import {
  roleLabel,
  iacTypes,
  isAdminOrViewer,
  isNamespaceOnlyRole,
  notificationEventTypes,
  parseOrganizationType,
  plans,
  roles,
  vcsTypes,
  type OrganizationType,
} from './organization';

describe('isNamespaceOnlyRole / isAdminOrViewer', () => {
  it.each<[string, boolean, boolean]>([
    ['admin', false, true],
    ['viewer', false, true],
    ['member', false, false],
    ['runner', true, false],
    ['deployer', true, false],
    ['nsOnly', true, false],
    ['cro-1234', true, false],
    ['', true, false],
    ['Admin', true, false],
  ])('%s → namespace-only %s, admin or viewer %s', (role, nsOnly, adminOrViewer) => {
    expect(isNamespaceOnlyRole(role)).toBe(nsOnly);
    expect(isAdminOrViewer(role)).toBe(adminOrViewer);
  });
});

describe('parseOrganizationType', () => {
  it.each<[unknown, OrganizationType]>([
    ['regular', 'regular'],
    ['management', 'management'],
    ['Management', 'regular'],
    ['partner', 'regular'],
    [undefined, 'regular'],
    [null, 'regular'],
    [42, 'regular'],
  ])('%s → %s', (value, expected) => {
    expect(parseOrganizationType(value)).toBe(expected);
  });
});

describe('catalogues', () => {
  it.each([
    ['roles', roles, 5],
    ['plans', plans, 4],
    ['VCS types', vcsTypes, 9],
    ['IaC types', iacTypes, 3],
    ['notification event types', notificationEventTypes, 13],
  ] as const)('%s has %i distinct values', (_name, list, size) => {
    expect(new Set(list).size).toBe(size);
  });
});

describe('roleLabel', () => {
  it.each([
    ['admin', 'Admin'],
    ['deployer', 'Deployer'],
    ['nsOnly', 'Namespace only'],
    ['ns-operator', 'ns-operator'],
    ['cro-abc123', 'cro-abc123'],
  ])('labels %s as %s', (role, label) => {
    expect(renderMessage(roleLabel(role))).toBe(label);
  });
});

import { randomBytes } from 'node:crypto';

/** Id prefixes of the wire format (spec/api-evidence.md) plus the server's own records. */
export const idPrefixes = {
  organization: 'o',
  user: 'usr',
  namespace: 'ns',
  team: 'team',
  customRole: 'cro',
  customAbacConfiguration: 'cac',
  session: 'ses',
  auditEvent: 'aud',
  consoleEvent: 'cev',
  programmaticUser: 'pu',
  invitation: 'inv',
  runner: 'rnr',
  runnerGroup: 'rgrp',
  runnerGroupToken: 'rgt',
  programmaticToken: 'ptk',
  personalAccessToken: 'pat',
  namespacePermission: 'nsp',
  vcsProvider: 'vcsp',
  sshKey: 'sshk',
  gitSigningKey: 'gsk',
  variable: 'var',
  stack: 'stk',
  deployment: 'dep',
  plan: 'plan',
  task: 'task',
  drift: 'drift',
  runJob: 'job',
  runComment: 'rcm',
  runArtifact: 'art',
  stateVersion: 'sv',
  controlPolicy: 'pol',
  controlPolicyGroup: 'polg',
  controlPolicyMapping: 'polm',
  controlPolicyGroupMapping: 'polgm',
  policyResult: 'polr',
  driftDetection: 'drd',
  driftRemediation: 'drr',
  stackDependency: 'sdep',
  stackDiscoveryConfiguration: 'sdc',
  stackDiscoveryEvent: 'sdev',
  stackDiscoveryProposal: 'sdp',
  template: 'tmpl',
  blueprint: 'blp',
  ephemeralStackEvent: 'sev',
} as const;

export type IdKind = keyof typeof idPrefixes;

const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
const idLength = 20;

/** A prefixed id with about 103 bits of crypto-random entropy (`ns-k3j...`). */
export function newId(kind: IdKind): string {
  // 252 is the largest multiple of 36 below 256: rejecting bytes above it keeps the digits uniform.
  let out = '';
  while (out.length < idLength) {
    for (const byte of randomBytes(idLength * 2)) {
      if (byte < 252 && out.length < idLength) out += alphabet[byte % 36];
    }
  }
  return `${idPrefixes[kind]}-${out}`;
}

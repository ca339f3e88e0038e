import { describe, expect, it } from 'vitest';
import {
  namespaceMessages,
  validateApprovalTeams,
  validateDefaultIacVersion,
  validateRunnerGroups,
} from './namespace-validators';

describe('namespace validators', () => {
  it('accept exact versions, pre-releases, latest and empty, and reject ranges', () => {
    for (const ok of ['1.9.8', '1.10.0-beta1', 'latest', '', ' 1.9.8 '])
      expect(validateDefaultIacVersion(ok)).toBeUndefined();
    for (const bad of ['~> 1.6', '1.x', '1.9', 'v1.9.8'])
      expect(validateDefaultIacVersion(bad)).toBe(namespaceMessages.iacVersion);
  });

  it('need a runner group for self-hosted runners only', () => {
    expect(validateRunnerGroups('selfHosted', [])).toBe(namespaceMessages.runnerGroups);
    expect(validateRunnerGroups('selfHosted', ['eu'])).toBeUndefined();
    expect(validateRunnerGroups('managed', [])).toBeUndefined();
  });

  it('need a team for an approval by teams only', () => {
    expect(validateApprovalTeams('requireTeamsApproval', [])).toBe(namespaceMessages.approvalTeams);
    expect(validateApprovalTeams('requireTeamsApproval', ['team-sec'])).toBeUndefined();
    expect(validateApprovalTeams('requireApproval', [])).toBeUndefined();
  });
});

import { msg } from '@lingui/core/macro';
import { zDiscoveredStackConfig, zIacConfig, zStackDiscoveryConfigurationInput, zStackDiscoveryMode, zVcsPathPattern } from '@terrace/api-client/schemas';
import { domainRule, trimmed, unwrapOptional } from '@terrace/design-system';
import { validateBranchName, validateDefaultIacVersion, validateInclusionPath } from '@terrace/domain';
import { z } from 'zod/mini';
import { splitList } from './discovery-form';

/** What the wizard sends, loaded with its checks (a submit comes only once they passed). */
export { formToDiscoveryInput } from './discovery-form-input';

// The discovery wizard's checks, in a module of their own: the wizard loads them (and zod) at the
// user's first press or key (lazySchema).
// Limits come from the contract's generated schemas; the form adds the spec's rules (libs/domain).
const wire = zStackDiscoveryConfigurationInput.shape;
const patternWire = zVcsPathPattern.shape;

const pathPatterns = z.string().check(
  domainRule((value: string) => {
    const items = splitList(value);
    if (items.length === 0) return msg`Enter at least one path pattern, e.g. envs/*/**.`;
    for (const item of items) {
      const problem = validateInclusionPath(item);
      if (problem) return problem;
    }
    return undefined;
  }),
);

const patternRow = z.object({
  providerId: patternWire.providerId,
  repoName: z.pipe(trimmed(patternWire.repoName), z.string().check(z.minLength(1))),
  branch: trimmed().check(domainRule((branch: string) => validateBranchName(branch))),
  pathPatterns,
  excludePathPatterns: z.string(),
});

export const discoveryFormSchema = z.object({
  name: trimmed(wire.name),
  description: trimmed(),
  namespaceId: wire.namespaceId,
  vcsPatterns: z.array(patternRow).check(z.minLength(1)),
  /** What a scan does with a new directory: create its stack, or propose it for review. */
  mode: zStackDiscoveryMode,
  stackConfig: z.object({
    iacType: zDiscoveredStackConfig.shape.iacType,
    iacVersion: trimmed(unwrapOptional(zIacConfig.shape.terraformVersion)).check(domainRule(validateDefaultIacVersion)),
    deployOnPush: z.boolean(),
  }),
});

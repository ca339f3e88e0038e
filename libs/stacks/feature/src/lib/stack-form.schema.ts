import { zIacConfig, zStackInput, zTtl, zVcsInfo } from '@terrace/api-client/schemas';
import { domainRule, trimmed, unwrapOptional } from '@terrace/design-system';
import { validateApprovalTeams, validateRunnerGroups, validateTtl, validateVarFile, type Message } from '@terrace/domain';
import { z } from 'zod/mini';
import { INHERIT } from './stack-form';
import { formToStackInput, splitVarFiles } from './stack-input';

// The stack wizard's checks, in a module of their own: the wizard loads them (and zod) at the
// user's first press or key (stack-wizard-page.tsx, stack-wizard-later.ts).
//
// Every limit below comes from the contract's generated schemas; the form adds only what the wire
// does not say: text is trimmed, an empty text means "not set" (or "inherit"), and the domain's rules.
const wire = zStackInput.shape;
const capabilityChoice = z.enum([INHERIT, 'enabled', 'disabled']);

function validateVarFiles(value: string): Message | undefined {
  for (const file of splitVarFiles(value)) {
    const problem = validateVarFile(file);
    if (problem) return problem;
  }
  return undefined;
}

const stackFormFields = z
  .object({
  name: trimmed(wire.name),
  description: trimmed(unwrapOptional(wire.description)),
  namespaceId: wire.namespaceId,
  vcs: z.object({
    providerId: z.union([z.literal(''), zVcsInfo.shape.providerId]),
    repoName: z.string(),
    branch: z.string(),
    path: z.string(),
  }).check(z.superRefine((vcs, ctx) => {
    // A provider chosen asks for its repository and branch; none means "connect code later".
    if (vcs.providerId && !vcs.repoName) ctx.addIssue({ code: 'custom', path: ['repoName'], message: 'form.required' });
    if (vcs.providerId && vcs.repoName && !vcs.branch) ctx.addIssue({ code: 'custom', path: ['branch'], message: 'form.required' });
  })),
  iacType: wire.iacType,
  version: trimmed(unwrapOptional(zIacConfig.shape.terraformVersion)),
  varFiles: z.string().check(domainRule(validateVarFiles)),
  runnerMode: z.enum([INHERIT, 'managed', 'selfHosted']),
  /** The runner groups of a self-hosted stack (ids; the default group is CM_DEFAULT_RUNNER_GROUP). */
  runnerGroups: z.array(z.string()),
  approval: z.enum([INHERIT, 'requireApproval', 'autoApprove', 'requireTwoApprovals', 'requireTeamsApproval']),
  /** The teams whose approval a deployment needs (requireTeamsApproval), picked from the organization's teams. */
  approvalTeams: z.array(z.string()),
  capabilities: z.object({
    deployOnPush: capabilityChoice,
    planOnPr: capabilityChoice,
    driftDetection: capabilityChoice,
  }),
  ttl: z
    .object({ enabled: z.boolean(), value: trimmed(), type: zTtl.shape.type })
    .check(domainRule((ttl) => (ttl.enabled ? validateTtl(ttl) : undefined), { path: ['value'] })),
  })
  .check(
    domainRule((values) => validateRunnerGroups(values.runnerMode, values.runnerGroups), { path: ['runnerGroups'] }),
    domainRule((values) => validateApprovalTeams(values.approval, values.approvalTeams), { path: ['approvalTeams'] }),
  );

/** The form's values once checked and trimmed, before they become the stack the wizard sends. */
export type StackFormChecked = z.output<typeof stackFormFields>;

/** The wizard's form: its values, checked, become the contract's StackInput (what every wizard sends). */
export const stackFormSchema = z.pipe(
  stackFormFields,
  z.transform((values: StackFormChecked) => formToStackInput(values)),
);

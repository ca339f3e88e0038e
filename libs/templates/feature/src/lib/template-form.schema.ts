import { msg } from '@lingui/core/macro';
import { zIacConfig, zIacType, zRunnerConfig, zStackFromTemplateInput, zTemplateInput, zTtl, zVcsInfo } from '@terrace/api-client/schemas';
import { domainRule, trimmed, unwrapOptional } from '@terrace/design-system';
import {
  ttlDurationMs,
  validateBranchName,
  validateDefaultIacVersion,
  validateRunnerGroups,
  validateTtl,
  validateVarFile,
} from '@terrace/domain';
import { z } from 'zod/mini';
import { splitList } from './definition-form';
import { toTtl } from './template-form';

/** What the template wizards send, loaded with their checks (a submit comes only once they passed). */
export { formToTemplateInput } from './template-form-input';

// The checks of the template wizard and of a stack from a template, in a module of their own: the
// forms load them (and zod) at the user's first press or key (lazySchema). The blueprint's
// (blueprint-form.schema.ts) share the fields below.
// Every limit comes from the contract's generated schemas; the form adds what the wire does not
// say: text is trimmed, an empty text means "not set", and the spec's rules (libs/domain).
const vcsWire = zVcsInfo.shape;
const iacVersion = trimmed(unwrapOptional(zIacConfig.shape.terraformVersion)).check(domainRule(validateDefaultIacVersion));

/** A time to live as typed: the value stays text until it is sent. */
export const ttlField = z
  .object({ value: trimmed(), type: zTtl.shape.type })
  .check(domainRule((ttl) => validateTtl(ttl), { path: ['value'] }));

export function vcsObject(branchMode: 'static' | 'dynamic') {
  return z.object({
    providerId: vcsWire.providerId,
    repoName: z.pipe(trimmed(vcsWire.repoName), z.string().check(z.minLength(1))),
    branch: trimmed().check(domainRule((branch: string) => validateBranchName(branch, branchMode))),
    path: trimmed(),
  });
}

const runner = z
  .object({ mode: unwrapOptional(zRunnerConfig.shape.mode), groups: z.string() })
  .check(domainRule((value) => validateRunnerGroups(value.mode, splitList(value.groups)), { path: ['groups'] }));

export const varFiles = z.string().check(domainRule((value: string) => splitList(value).map(validateVarFile).find(Boolean)));

const templateWire = zTemplateInput.shape;
export const templateFormSchema = z
  .object({
    name: trimmed(templateWire.name),
    description: trimmed(),
    iacType: zIacType,
    iacVersion,
    varFiles,
    vcsInfo: vcsObject('static'),
    runnerConfig: runner,
    maxTtl: ttlField,
    defaultTtl: ttlField,
    skipStateRefreshOnDestroy: z.boolean(),
  })
  .check(
    domainRule(
      (values) => {
        // The default must fit within the maximum (the policy the stacks made from it follow).
        if (validateTtl(values.maxTtl) || validateTtl(values.defaultTtl)) return undefined;
        return ttlDurationMs(toTtl(values.defaultTtl)) > ttlDurationMs(toTtl(values.maxTtl))
          ? msg`The default time to live cannot be longer than the maximum.`
          : undefined;
      },
      { path: ['defaultTtl', 'value'] },
    ),
  );

// A stack from a template: name, namespace, a time to live within the template's policy, variables.
const fromTemplateWire = zStackFromTemplateInput.shape;
const variableRow = z.object({ key: z.string().check(z.trim(), z.minLength(1)), value: z.string() });

export function stackFromTemplateSchema(maxTtlMs: number | null) {
  return z
    .object({
      name: trimmed(fromTemplateWire.name),
      namespaceId: fromTemplateWire.namespaceId,
      ttl: ttlField,
      variables: z.array(variableRow),
    })
    .check(
      domainRule(
        (values) => {
          if (maxTtlMs === null || validateTtl(values.ttl)) return undefined;
          return ttlDurationMs(toTtl(values.ttl)) > maxTtlMs ? msg`The template allows a time to live of at most its maximum.` : undefined;
        },
        { path: ['ttl', 'value'] },
      ),
    );
}

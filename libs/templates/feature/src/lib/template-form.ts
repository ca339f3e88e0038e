import { msg } from '@lingui/core/macro';
import {
  zBlueprintInput,
  zIacConfig,
  zIacType,
  zRunnerConfig,
  zStackFromTemplateInput,
  zTemplateInput,
  zTtl,
  zVariableConditionOperator,
  zVcsInfo,
} from '@terrace/api-client/schemas';
import { addDomainIssue, domainRule, trimmed, unwrapOptional, type FieldMessages } from '@terrace/design-system';
import {
  parseConditionValue,
  ttlDurationMs,
  validateBranchName,
  validateCondition,
  validateDefaultIacVersion,
  validateRunnerGroups,
  validateSubstitutedField,
  validateTtl,
  validateVarFile,
  type ConditionOperator,
} from '@terrace/domain';
import type { Blueprint, BlueprintInput, SubstituteParameter, Template, TemplateInput } from '@terrace/templates/data-access';
import { z } from 'zod/mini';

// Every limit comes from the contract's generated schemas; the form adds what the wire does not
// say: text is trimmed, an empty text means "not set", and the spec's rules (libs/domain).
const vcsWire = zVcsInfo.shape;
const iacVersion = trimmed(unwrapOptional(zIacConfig.shape.terraformVersion)).check(domainRule(validateDefaultIacVersion));

/** A time to live as typed: the value stays text until it is sent. */
const ttlField = z
  .object({ value: trimmed(), type: zTtl.shape.type })
  .check(domainRule((ttl) => validateTtl(ttl), { path: ['value'] }));
export type TtlFieldValues = z.input<typeof ttlField>;
const toTtl = (ttl: TtlFieldValues) => zTtl.parse({ type: ttl.type, value: Number(ttl.value) });

function vcsObject(branchMode: 'static' | 'dynamic') {
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

/** A comma-separated line as a list, without empty items. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

const varFiles = z.string().check(domainRule((value: string) => splitList(value).map(validateVarFile).find(Boolean)));

// ---------------------------------------------------------------------------------------------
// Template (ephemeral stacks with a time to live)

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
export type TemplateFormValues = z.input<typeof templateFormSchema>;
export type TemplateFormOutput = z.output<typeof templateFormSchema>;

export const templateWizardSteps = [
  { id: 'general', fields: ['name', 'description'] },
  { id: 'vcs', fields: ['vcsInfo'] },
  { id: 'engine', fields: ['iacType', 'iacVersion', 'varFiles'] },
  { id: 'runner', fields: ['runnerConfig'] },
  { id: 'ttl', fields: ['maxTtl', 'defaultTtl', 'skipStateRefreshOnDestroy'] },
] as const satisfies readonly { id: string; fields: readonly string[] }[];
export type TemplateWizardStep = (typeof templateWizardSteps)[number]['id'];

export const templateFieldMessages: FieldMessages = {
  name: { required: msg`Enter a name for the template.` },
  'vcsInfo.providerId': { required: msg`Choose the VCS provider of the template's code.`, invalid_format: msg`Choose the VCS provider of the template's code.` },
  'vcsInfo.repoName': { required: msg`Choose the repository of the template's code.`, too_small: msg`Choose the repository of the template's code.` },
};

/** Server paths whose form field is shaped differently. */
export const templateServerFields: Record<string, string> = {
  'entity.policy.ttlConfig.maxTtl.value': 'maxTtl.value',
  'entity.policy.ttlConfig.defaultTtl.value': 'defaultTtl.value',
  'entity.iacConfig.terraformVersion': 'iacVersion',
  'entity.iacConfig.opentofuVersion': 'iacVersion',
  'entity.iacConfig.terragruntVersion': 'iacVersion',
  'entity.iacConfig.varFiles': 'varFiles',
  'entity.runnerConfig.groups': 'runnerConfig.groups',
};

export function emptyTemplateForm(): TemplateFormValues {
  return {
    name: '',
    description: '',
    iacType: 'opentofu',
    iacVersion: '',
    varFiles: '',
    vcsInfo: { providerId: '', repoName: '', branch: '', path: '' },
    runnerConfig: { mode: 'managed', groups: '' },
    maxTtl: { value: '7', type: 'days' },
    defaultTtl: { value: '1', type: 'days' },
    skipStateRefreshOnDestroy: false,
  };
}

const versionKey = { terraform: 'terraformVersion', opentofu: 'opentofuVersion', terragrunt: 'terragruntVersion' } as const;

export function templateToForm(template: Template): TemplateFormValues {
  const ttl = template.policy?.ttlConfig;
  const iac = template.iacConfig ?? {};
  return {
    name: template.name,
    description: template.description ?? '',
    iacType: template.iacType,
    iacVersion: iac[versionKey[template.iacType]] ?? '',
    varFiles: (iac.varFiles ?? []).join(', '),
    vcsInfo: {
      providerId: template.vcsInfo.providerId,
      repoName: template.vcsInfo.repoName,
      branch: template.vcsInfo.branch ?? '',
      path: template.vcsInfo.path ?? '',
    },
    runnerConfig: { mode: template.runnerConfig?.mode ?? 'managed', groups: (template.runnerConfig?.groups ?? []).join(', ') },
    maxTtl: ttl?.maxTtl ? { value: String(ttl.maxTtl.value), type: ttl.maxTtl.type } : { value: '7', type: 'days' },
    defaultTtl: ttl?.defaultTtl ? { value: String(ttl.defaultTtl.value), type: ttl.defaultTtl.type } : { value: '1', type: 'days' },
    skipStateRefreshOnDestroy: template.skipStateRefreshOnDestroy ?? false,
  };
}

function vcsToWire(vcs: { providerId: string; repoName: string; branch: string; path: string }) {
  return { providerId: vcs.providerId, repoName: vcs.repoName, ...(vcs.branch ? { branch: vcs.branch } : {}), ...(vcs.path ? { path: vcs.path } : {}) };
}

export function formToTemplateInput(values: TemplateFormOutput): TemplateInput {
  const files = splitList(values.varFiles);
  const groups = splitList(values.runnerConfig.groups);
  return {
    name: values.name,
    ...(values.description ? { description: values.description } : {}),
    iacType: values.iacType,
    vcsInfo: vcsToWire(values.vcsInfo),
    iacConfig: { [versionKey[values.iacType]]: values.iacVersion || null, ...(files.length ? { varFiles: files } : {}) },
    runnerConfig: { mode: values.runnerConfig.mode, ...(groups.length ? { groups } : {}) },
    policy: { ttlConfig: { maxTtl: toTtl(values.maxTtl), defaultTtl: toTtl(values.defaultTtl) } },
    skipStateRefreshOnDestroy: values.skipStateRefreshOnDestroy,
  };
}

// ---------------------------------------------------------------------------------------------
// Blueprint (persistent stacks created by pull request)

const conditionRow = z
  .object({ operator: z.union([zVariableConditionOperator, z.literal('')]), value: z.string() })
  .check(domainRule((row) => validateCondition(row), { path: ['value'] }));

const parameterRow = z.object({
  key: z.string().check(z.trim(), z.regex(/^[A-Za-z_][A-Za-z0-9_]*$/)),
  description: trimmed(),
  conditions: z.array(conditionRow),
});

const blueprintWire = zBlueprintInput.shape;
export const blueprintFormSchema = z
  .object({
    name: trimmed(blueprintWire.name),
    description: trimmed(),
    vcsInfo: vcsObject('static'),
    stackName: z.string().check(z.trim(), z.minLength(1), domainRule(validateSubstitutedField)),
    iacType: zIacType,
    varFiles,
    target: z.extend(vcsObject('dynamic'), { path: z.string().check(z.trim(), z.minLength(1), domainRule(validateSubstitutedField)) }),
    parameters: z.array(parameterRow),
    skipPlanOnStackInitialization: z.boolean(),
    autoApproveApplyOnInitialization: z.boolean(),
  })
  .check(z.superRefine((values, ctx) => {
    const keys = new Set<string>();
    values.parameters.forEach((parameter, index) => {
      if (keys.has(parameter.key)) {
        addDomainIssue(ctx, msg`Each parameter needs its own key.`, ['parameters', index, 'key']);
      }
      keys.add(parameter.key);
    });
    // A {placeholder} without a parameter could never be filled in.
    for (const [field, value] of [['stackName', values.stackName], ['target.path', values.target.path], ['target.branch', values.target.branch]] as const) {
      const missing = placeholders(value).find((key) => !keys.has(key));
      if (missing) {
        addDomainIssue(ctx, msg`Add a substitute parameter named ${missing}, or remove '{'${missing}'}'.`, field.split('.'));
      }
    }
  }));
export type BlueprintFormValues = z.input<typeof blueprintFormSchema>;
export type BlueprintFormOutput = z.output<typeof blueprintFormSchema>;

/** The {parameters} a pattern uses. */
export function placeholders(pattern: string): string[] {
  return [...pattern.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((match) => match[1] ?? '');
}

export const blueprintWizardSteps = [
  { id: 'general', fields: ['name', 'description'] },
  { id: 'vcs', fields: ['vcsInfo'] },
  { id: 'stack', fields: ['stackName', 'iacType', 'varFiles', 'target'] },
  { id: 'parameters', fields: ['parameters'] },
  { id: 'initialization', fields: ['skipPlanOnStackInitialization', 'autoApproveApplyOnInitialization'] },
] as const satisfies readonly { id: string; fields: readonly string[] }[];
export type BlueprintWizardStep = (typeof blueprintWizardSteps)[number]['id'];

export const blueprintFieldMessages: FieldMessages = {
  name: { required: msg`Enter a name for the blueprint.` },
  stackName: { required: msg`Enter the name pattern of the stacks, e.g. '{team}-{service}'.` },
  'target.path': { required: msg`Enter the sub-directory the pull request adds, e.g. services/'{service}'.` },
  'vcsInfo.providerId': { required: msg`Choose the VCS provider of the blueprint's code.`, invalid_format: msg`Choose the VCS provider of the blueprint's code.` },
  'vcsInfo.repoName': { required: msg`Choose the repository of the blueprint's code.`, too_small: msg`Choose the repository of the blueprint's code.` },
  'target.providerId': { required: msg`Choose where the pull request is opened.`, invalid_format: msg`Choose where the pull request is opened.` },
  'target.repoName': { required: msg`Choose where the pull request is opened.`, too_small: msg`Choose where the pull request is opened.` },
};

export const blueprintServerFields: Record<string, string> = {
  'entity.stackConfiguration.name': 'stackName',
  'entity.stackConfiguration.iacType': 'iacType',
  'entity.stackConfiguration.iacConfig.varFiles': 'varFiles',
  'entity.stackConfiguration.vcsInfo.path': 'target.path',
  'entity.stackConfiguration.vcsInfo.branch': 'target.branch',
  'entity.stackConfiguration.vcsInfo.repoName': 'target.repoName',
};

export function emptyBlueprintForm(): BlueprintFormValues {
  return {
    name: '',
    description: '',
    vcsInfo: { providerId: '', repoName: '', branch: '', path: '' },
    stackName: '{stack_name}',
    iacType: 'terraform',
    varFiles: '',
    target: { providerId: '', repoName: '', branch: '', path: 'stacks/{stack_name}' },
    parameters: [{ key: 'stack_name', description: '', conditions: [] }],
    skipPlanOnStackInitialization: false,
    autoApproveApplyOnInitialization: false,
  };
}

function conditionText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return Array.isArray(value) ? value.join(', ') : String(value);
}

export function blueprintToForm(blueprint: Blueprint): BlueprintFormValues {
  const target = blueprint.stackConfiguration.vcsInfo;
  return {
    name: blueprint.name,
    description: blueprint.description ?? '',
    vcsInfo: {
      providerId: blueprint.vcsInfo.providerId,
      repoName: blueprint.vcsInfo.repoName,
      branch: blueprint.vcsInfo.branch ?? '',
      path: blueprint.vcsInfo.path ?? '',
    },
    stackName: blueprint.stackConfiguration.name,
    iacType: blueprint.stackConfiguration.iacType,
    varFiles: (blueprint.stackConfiguration.iacConfig?.varFiles ?? []).join(', '),
    target: { providerId: target?.providerId ?? '', repoName: target?.repoName ?? '', branch: target?.branch ?? '', path: target?.path ?? '' },
    parameters: (blueprint.substituteParameters ?? []).map((parameter) => ({
      key: parameter.key,
      description: parameter.description ?? '',
      conditions: (parameter.valueConditions ?? []).map((condition) => ({ operator: condition.operator, value: conditionText(condition.value) })),
    })),
    skipPlanOnStackInitialization: blueprint.skipPlanOnStackInitialization ?? false,
    autoApproveApplyOnInitialization: blueprint.autoApproveApplyOnInitialization ?? false,
  };
}

function conditionToWire(operator: ConditionOperator, raw: string): SubstituteParameter['valueConditions'] extends (infer C)[] | undefined ? C : never {
  const value = parseConditionValue(operator, raw);
  if (value === undefined) return { operator };
  if (Array.isArray(value)) return { operator, value: value.map(String) };
  return { operator, value };
}

export function formToBlueprintInput(values: BlueprintFormOutput): BlueprintInput {
  return {
    name: values.name,
    ...(values.description ? { description: values.description } : {}),
    vcsInfo: vcsToWire(values.vcsInfo),
    stackConfiguration: {
      name: values.stackName,
      iacType: values.iacType,
      vcsInfo: vcsToWire(values.target),
      ...(splitList(values.varFiles).length ? { iacConfig: { varFiles: splitList(values.varFiles) } } : {}),
    },
    substituteParameters: values.parameters.map((parameter) => ({
      key: parameter.key,
      ...(parameter.description ? { description: parameter.description } : {}),
      valueConditions: parameter.conditions.flatMap((condition) => (condition.operator ? [conditionToWire(condition.operator, condition.value)] : [])),
    })),
    skipPlanOnStackInitialization: values.skipPlanOnStackInitialization,
    autoApproveApplyOnInitialization: values.autoApproveApplyOnInitialization,
  };
}

// ---------------------------------------------------------------------------------------------
// A stack from a template: name, namespace, a time to live within the template's policy, variables

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
export type StackFromTemplateValues = z.input<ReturnType<typeof stackFromTemplateSchema>>;
export type StackFromTemplateOutput = z.output<ReturnType<typeof stackFromTemplateSchema>>;
export { toTtl };

export const stackFromTemplateMessages: FieldMessages = {
  name: { required: msg`Enter a name for the stack.` },
  namespaceId: { required: msg`Choose the namespace of the stack.`, invalid_format: msg`Choose the namespace of the stack.` },
};

import { withValues, type Message } from './message';

export const templateMessages = {
  inclusionPathSlash: /*i18n*/ {
    id: 'validation.discovery.pathSlash',
    message: 'Path must not start or end with /',
  },
  inclusionPathPattern: /*i18n*/ {
    id: 'validation.discovery.pathPattern',
    message: 'Path must start with */ or **/, contain /*/ or /**/, or end with /**',
  },
  // Quoted braces: the example is literal text, not a placeholder.
  substituteParameter: /*i18n*/ {
    id: 'validation.template.substituteParameter',
    message: "Must include at least one substitute parameter in curly braces, e.g. '{stack_name}'",
  },
  varFileRequired: /*i18n*/ {
    id: 'validation.varFile.required',
    message: 'Please enter a var file path',
  },
  varFilePath: /*i18n*/ {
    id: 'validation.varFile.path',
    message:
      'Var file must be a file path, relative or absolute from the repository root (starting with /)',
  },
  varFileAutoLoaded: /*i18n*/ {
    id: 'validation.varFile.autoLoaded',
    message: 'Terraform loads {file} automatically; do not list it as a var file',
  },
  branchStatic: /*i18n*/ {
    id: 'validation.branch.static',
    message:
      'Branch name may contain only letters, digits, slashes (/), dots (.), underscores (_) and hyphens (-)',
  },
  branchDynamic: /*i18n*/ {
    id: 'validation.branch.dynamic',
    message:
      'Branch name may contain only letters, digits, slashes (/), dots (.), underscores (_), hyphens (-), curly braces and parentheses',
  },
} as const satisfies Record<string, Message>;

/**
 * Stack auto-discovery inclusion paths must contain a wildcard directory level so that each match is
 * one stack folder: start with '*' + '/' or '**' + '/', contain '/*' + '/' or '/**' + '/', or end with '/**'.
 */
export function validateInclusionPath(path: string): Message | undefined {
  const value = path.trim();
  if (value.startsWith('/') || value.endsWith('/')) return templateMessages.inclusionPathSlash;
  const ok =
    value.startsWith('*/') ||
    value.startsWith('**/') ||
    value.includes('/*/') ||
    value.includes('/**/') ||
    value.endsWith('/**');
  return ok ? undefined : templateMessages.inclusionPathPattern;
}

const SUBSTITUTE_PARAMETER = /\{[A-Za-z_][A-Za-z0-9_]*\}/;

export function hasSubstituteParameter(value: string): boolean {
  return SUBSTITUTE_PARAMETER.test(value);
}

/**
 * A persistent template creates many stacks from one definition; without a parameter in the
 * sub-directory or stack name every stack would collide on the same path or name.
 */
export function validateSubstitutedField(value: string): Message | undefined {
  return hasSubstituteParameter(value) ? undefined : templateMessages.substituteParameter;
}

const AUTO_LOADED = ['terraform.tfvars', 'terraform.tfvars.json'];
const AUTO_LOADED_SUFFIXES = ['.auto.tfvars', '.auto.tfvars.json'];

/** Terraform reads these on its own; listing them again with -var-file would apply them twice. */
export function isAutoLoadedVarFile(path: string): boolean {
  const name = path.trim().split('/').pop() ?? '';
  return AUTO_LOADED.includes(name) || AUTO_LOADED_SUFFIXES.some((suffix) => name.endsWith(suffix));
}

export function validateVarFile(path: string): Message | undefined {
  const value = path.trim();
  if (value === '') return templateMessages.varFileRequired;
  // A file path: no trailing slash (a folder), no empty segments, no Windows separators or home shortcuts.
  if (
    value.endsWith('/') ||
    value.includes('//') ||
    value.includes('\\') ||
    value.startsWith('~') ||
    /\s/.test(value)
  ) {
    return templateMessages.varFilePath;
  }
  if (isAutoLoadedVarFile(value)) {
    return withValues(templateMessages.varFileAutoLoaded, {
      file: value.split('/').pop() ?? value,
    });
  }
  return undefined;
}

const STATIC_BRANCH = /^[A-Za-z0-9/._-]+$/;
const DYNAMIC_BRANCH = /^[A-Za-z0-9/._\-{}()]+$/;

/**
 * Branch names. Dynamic mode (templates) also allows braces and parentheses for substitute
 * parameters. An empty branch is valid here: where a branch is required, the form checks that.
 */
export function validateBranchName(
  name: string,
  mode: 'static' | 'dynamic' = 'static',
): Message | undefined {
  if (name === '') return undefined;
  if (mode === 'dynamic')
    return DYNAMIC_BRANCH.test(name) ? undefined : templateMessages.branchDynamic;
  return STATIC_BRANCH.test(name) ? undefined : templateMessages.branchStatic;
}

import { withValues, type Message } from './message';

export const TAG_PREFIX_MAX_LENGTH = 32;

export const nameMessages = {
  resourceName: /*i18n*/ {
    id: 'validation.name.resource',
    message:
      'Name must start with a letter or underscore and contain only letters, digits, underscores and dashes',
  },
  nameTaken: /*i18n*/ {
    id: 'validation.name.taken',
    message: 'Resource name or variable name already exists...',
  },
  nameInCode: /*i18n*/ {
    id: 'validation.name.inCode',
    message: 'Variable name already exists in code',
  },
  moduleName: /*i18n*/ {
    id: 'validation.module.name',
    message:
      'Module name may contain only letters, digits, hyphens and underscores, and must not start or end with a hyphen or underscore',
  },
  providerName: /*i18n*/ {
    id: 'validation.module.provider',
    message: 'Provider name may contain only lowercase letters and digits',
  },
  tagPrefixLength: /*i18n*/ {
    id: 'validation.module.tagPrefixLength',
    message: 'Tag prefix must be at most {max} characters',
  },
  tagPrefixCharacters: /*i18n*/ {
    id: 'validation.module.tagPrefixCharacters',
    message: 'Tag prefix may contain only letters, digits and hyphens',
  },
} as const satisfies Record<string, Message>;

const RESOURCE_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** Names of generated Terraform resources and variables (Terraform identifier rules). */
export function validateResourceName(name: string): Message | undefined {
  return RESOURCE_NAME.test(name) ? undefined : nameMessages.resourceName;
}

/**
 * A name must be unique among the names already chosen in the wizard and those found in the
 * repository's code; a clash with code is reported first because it cannot be fixed in the form.
 */
export function validateUniqueName(
  name: string,
  taken: { existingNames?: readonly string[]; namesInCode?: readonly string[] },
): Message | undefined {
  if (taken.namesInCode?.includes(name)) return nameMessages.nameInCode;
  if (taken.existingNames?.includes(name)) return nameMessages.nameTaken;
  return undefined;
}

const MODULE_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9_-]*[A-Za-z0-9])?$/;
export function validateModuleName(name: string): Message | undefined {
  return MODULE_NAME.test(name) ? undefined : nameMessages.moduleName;
}

/** Registry addresses use the provider in lowercase (namespace/name/provider). */
export function validateProviderName(name: string): Message | undefined {
  return /^[a-z0-9]+$/.test(name) ? undefined : nameMessages.providerName;
}

export function validateTagPrefix(prefix: string): Message | undefined {
  if (prefix.length > TAG_PREFIX_MAX_LENGTH)
    return withValues(nameMessages.tagPrefixLength, { max: TAG_PREFIX_MAX_LENGTH });
  return /^[A-Za-z0-9-]+$/.test(prefix) ? undefined : nameMessages.tagPrefixCharacters;
}

const SEMVER =
  /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

/**
 * The module version a Git tag stands for when a module in a monorepo uses a tag prefix
 * ('network/1.2.0' with prefix 'network'); undefined when the tag is not one of this module's.
 * Without a prefix the tag itself must be a semantic version.
 */
export function versionFromTag(tag: string, prefix?: string): string | undefined {
  let version = tag;
  if (prefix) {
    if (!tag.startsWith(`${prefix}/`)) return undefined;
    version = tag.slice(prefix.length + 1);
  }
  return SEMVER.test(version) ? version.replace(/^v/, '') : undefined;
}

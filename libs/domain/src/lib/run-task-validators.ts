import type { Message } from './message';

export const runTaskMessages = {
  resourceAddress: /*i18n*/ {
    id: 'validation.task.resourceAddress',
    message: 'Enter a resource address such as aws_instance.web, data.aws_ami.base or module.app.aws_s3_bucket.logs[0]',
  },
  resourceAddressDuplicate: /*i18n*/ {
    id: 'validation.task.resourceAddressDuplicate',
    message: 'Each resource address may be listed once',
  },
} as const satisfies Record<string, Message>;

const identifier = '[A-Za-z_][A-Za-z0-9_-]*';
const index = '\\[(?:\\d+|"(?:[^"\\\\]|\\\\.)*")\\]';
// Terraform's resource address: module path (each module optionally indexed), then a managed or
// data resource (whose type is never `module`), optionally indexed (`aws_instance.web[0]`, `module.app["eu"].aws_s3_bucket.logs`).
const RESOURCE_ADDRESS = new RegExp(`^(?:module\\.${identifier}(?:${index})?\\.)*(?:data\\.)?(?!module\\.)${identifier}\\.${identifier}(?:${index})?$`);

/** A resource address a task (taint, untaint, remove, import) acts on. */
export function validateResourceAddress(address: string): Message | undefined {
  return RESOURCE_ADDRESS.test(address) ? undefined : runTaskMessages.resourceAddress;
}

/** Addresses of one task: each well formed, none twice. */
export function validateResourceAddresses(addresses: readonly string[]): Message | undefined {
  for (const address of addresses) {
    const problem = validateResourceAddress(address);
    if (problem) return problem;
  }
  return new Set(addresses).size === addresses.length ? undefined : runTaskMessages.resourceAddressDuplicate;
}

import { describe, expect, it } from 'vitest';
import { renderMessage, type Message } from './message';
import {
  validateBranchName,
  validateInclusionPath,
  validateSubstitutedField,
  validateVarFile,
} from './template-validators';

const text = (m: Message | undefined) => m && renderMessage(m);
const SLASH = 'Path must not start or end with /';
const PATTERN = 'Path must start with */ or **/, contain /*/ or /**/, or end with /**';

describe('validateInclusionPath', () => {
  it.each<[string, string | undefined]>([
    ['*/main.tf', undefined],
    ['**/stacks', undefined],
    ['envs/*/app', undefined],
    ['envs/**/app', undefined],
    ['envs/**', undefined],
    ['*/*', undefined],
    ['/envs/*/app', SLASH],
    ['envs/*/', SLASH],
    ['*/', SLASH],
    ['envs/app', PATTERN],
    ['envs/*', PATTERN],
    ['**', PATTERN],
    ['envs*/app', PATTERN],
    ['', PATTERN],
  ])('%j → %s', (path, expected) => {
    expect(text(validateInclusionPath(path))).toBe(expected);
  });
});

describe('validateSubstitutedField', () => {
  const MESSAGE =
    'Must include at least one substitute parameter in curly braces, e.g. {stack_name}';
  it.each<[string, string | undefined]>([
    ['stacks/{stack_name}', undefined],
    ['{env}-{region}', undefined],
    ['app-{Team1}', undefined],
    ['stacks/app', MESSAGE],
    ['stacks/{}', MESSAGE],
    ['stacks/{ stack }', MESSAGE],
    ['stacks/{1abc}', MESSAGE],
    ['', MESSAGE],
  ])('%j → %s', (value, expected) => {
    expect(text(validateSubstitutedField(value))).toBe(expected);
  });
});

describe('validateVarFile', () => {
  const PATH =
    'Var file must be a file path, relative or absolute from the repository root (starting with /)';
  it.each<[string, string | undefined]>([
    ['prod.tfvars', undefined],
    ['envs/prod.tfvars', undefined],
    ['/envs/prod.tfvars.json', undefined],
    ['../shared/common.tfvars', undefined],
    ['', 'Please enter a var file path'],
    ['   ', 'Please enter a var file path'],
    ['envs/', PATH],
    ['envs//prod.tfvars', PATH],
    ['envs\\prod.tfvars', PATH],
    ['~/prod.tfvars', PATH],
    ['my file.tfvars', PATH],
    [
      'terraform.tfvars',
      'Terraform loads terraform.tfvars automatically; do not list it as a var file',
    ],
    [
      '/envs/terraform.tfvars.json',
      'Terraform loads terraform.tfvars.json automatically; do not list it as a var file',
    ],
    [
      'prod.auto.tfvars',
      'Terraform loads prod.auto.tfvars automatically; do not list it as a var file',
    ],
    [
      'envs/x.auto.tfvars.json',
      'Terraform loads x.auto.tfvars.json automatically; do not list it as a var file',
    ],
    ['my-terraform.tfvars', undefined],
  ])('%j → %s', (path, expected) => {
    expect(text(validateVarFile(path))).toBe(expected);
  });
});

describe('validateBranchName', () => {
  const STATIC =
    'Branch name may contain only letters, digits, slashes (/), dots (.), underscores (_) and hyphens (-)';
  const DYNAMIC =
    'Branch name may contain only letters, digits, slashes (/), dots (.), underscores (_), hyphens (-), curly braces and parentheses';
  it.each<[string, 'static' | 'dynamic', string | undefined]>([
    ['main', 'static', undefined],
    ['feature/ABC-12_x.y', 'static', undefined],
    ['', 'static', undefined],
    ['feature/{name}', 'static', STATIC],
    ['release(1)', 'static', STATIC],
    ['has space', 'static', STATIC],
    ['feat~1', 'static', STATIC],
    ['feature/{name}', 'dynamic', undefined],
    ['env-(prod)', 'dynamic', undefined],
    ['has space', 'dynamic', DYNAMIC],
    ['a*b', 'dynamic', DYNAMIC],
  ])('%j (%s) → %s', (name, mode, expected) => {
    expect(text(validateBranchName(name, mode))).toBe(expected);
  });
});

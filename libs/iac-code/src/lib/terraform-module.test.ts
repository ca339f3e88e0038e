import { describe, expect, it } from 'vitest';
import { hclExpressionProblem, readTerraformModule, variableValueText } from './terraform-module';

const main = `
terraform {
  required_version = ">= 1.5.0, < 2.0.0"
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.0"
    }
    random = "~> 3.1"
  }
}

resource "aws_vpc" "this" {
  cidr_block = var.cidr
}
`;

const variables = `
variable "cidr" {
  type        = string
  description = "The VPC's address range"
  default     = "10.0.0.0/16"

  validation {
    condition     = can(cidrnetmask(var.cidr))
    error_message = "Must be a CIDR block."
  }
}

variable "tags" {
  type      = map(string)
  default   = { team = "platform" }
  sensitive = true
}

variable "instance_count" {
  type     = number
  nullable = false
}

variable "anything" {}
`;

describe('readTerraformModule', () => {
  it('reads variables with their type, default, description, sensitivity and validations', async () => {
    const module = await readTerraformModule([
      { path: 'main.tf', content: main },
      { path: 'variables.tf', content: variables },
    ]);
    expect(module.problems).toEqual([]);
    expect(module.variables.map((v) => v.name)).toEqual(['anything', 'cidr', 'instance_count', 'tags']);
    expect(module.variables.find((v) => v.name === 'cidr')).toEqual({
      name: 'cidr',
      type: 'string',
      hasDefault: true,
      default: '10.0.0.0/16',
      description: "The VPC's address range",
      sensitive: false,
      nullable: true,
      validations: [{ condition: 'can(cidrnetmask(var.cidr))', errorMessage: 'Must be a CIDR block.' }],
      file: 'variables.tf',
    });
    expect(module.variables.find((v) => v.name === 'tags')).toMatchObject({ type: 'map(string)', default: { team: 'platform' }, sensitive: true });
    expect(module.variables.find((v) => v.name === 'instance_count')).toMatchObject({ type: 'number', hasDefault: false, nullable: false });
    expect(module.variables.find((v) => v.name === 'anything')).toMatchObject({ type: null, hasDefault: false });
  });

  it('reads the required Terraform version and providers, in both provider forms', async () => {
    const module = await readTerraformModule([{ path: 'main.tf', content: main }]);
    expect(module.requiredVersion).toBe('>= 1.5.0, < 2.0.0');
    expect(module.requiredProviders).toEqual([
      { name: 'aws', source: 'hashicorp/aws', version: '~> 5.0' },
      { name: 'random', source: null, version: '~> 3.1' },
    ]);
  });

  it('reads the JSON syntax', async () => {
    const module = await readTerraformModule([
      {
        path: 'vars.tf.json',
        content: JSON.stringify({ variable: { region: { type: 'string', default: 'eu-west-1' } }, terraform: { required_version: '~> 1.6' } }),
      },
    ]);
    expect(module.variables).toMatchObject([{ name: 'region', type: 'string', default: 'eu-west-1' }]);
    expect(module.requiredVersion).toBe('~> 1.6');
  });

  it('reports a file that does not parse with the parser’s message, and reads the others', async () => {
    const module = await readTerraformModule([
      { path: 'broken.tf', content: 'variable "x" {' },
      { path: 'variables.tf', content: variables },
    ]);
    expect(module.problems).toHaveLength(1);
    expect(module.problems[0]).toMatchObject({ file: 'broken.tf' });
    expect(module.problems[0]?.message).toContain('Unclosed configuration block');
    expect(module.variables).toHaveLength(4);
  });

  it('reports a variable declared twice', async () => {
    const module = await readTerraformModule([
      { path: 'a.tf', content: 'variable "x" {}' },
      { path: 'b.tf', content: 'variable "x" { default = 1 }' },
    ]);
    expect(module.variables).toHaveLength(1);
    expect(module.problems[0]?.message).toContain("Duplicate variable declaration: 'x' is also declared in a.tf");
  });

  it('ignores files Terraform does not read', async () => {
    const module = await readTerraformModule([
      { path: 'README.md', content: 'variable "x" {}' },
      { path: 'terraform.tfvars', content: 'x = 1' },
    ]);
    expect(module).toEqual({ variables: [], requiredVersion: null, requiredProviders: [], problems: [] });
  });

  it('parses concurrent calls independently', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => readTerraformModule([{ path: `m${i}.tf`, content: `variable "v${i}" { default = ${i} }` }])),
    );
    expect(results.map((r) => r.variables[0]?.name)).toEqual(Array.from({ length: 8 }, (_, i) => `v${i}`));
  });
});

describe('variableValueText', () => {
  it.each([
    ['eu-west-1', 'eu-west-1'],
    [3, '3'],
    [true, 'true'],
    [null, ''],
    [['a', 'b'], '["a","b"]'],
    [{ team: 'platform' }, '{"team":"platform"}'],
  ])('%j → %j', (value, text) => {
    expect(variableValueText(value)).toBe(text);
  });
});

describe('hclExpressionProblem', () => {
  it('accepts one expression of any type', async () => {
    for (const value of ['["a", "b"]', '{ team = "platform", size = 3 }', '42', 'true', '"text"', '{\n  a = [1, 2]\n}', '["a","b"]']) {
      expect(await hclExpressionProblem(value), value).toBeNull();
    }
  });

  it('refuses what does not parse, what is empty, and anything after the expression', async () => {
    expect(await hclExpressionProblem('[1, 2')).toMatch(/^Unterminated tuple constructor expression; .*bracket nesting elsewhere in this file\.$/);
    expect(await hclExpressionProblem('{ a = }')).toMatch(/^Invalid expression; /);
    expect(await hclExpressionProblem('  ')).toBe('An HCL value can not be empty');
    expect(await hclExpressionProblem('1\nother = 2')).toBe('An HCL value must be one expression, with nothing after it');
    expect(await hclExpressionProblem('1\nresource "x" "y" {}')).toBe('An HCL value must be one expression, with nothing after it');
    for (const value of ['web', 'var.region', 'upper("a")', '["a", local.b]', '{ a = "${var.x}" }']) {
      expect(await hclExpressionProblem(value), value).toBe('An HCL value can hold only literal values: no references or function calls');
    }
  });
});

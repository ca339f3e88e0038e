import { parse } from '@cdktf/hcl2json';

/** One file of a module's directory, as read from the repository. */
export interface CodeFile {
  /** The file's name or path; only `.tf` and `.tf.json` files are read. */
  path: string;
  content: string;
}

export interface VariableValidation {
  condition: string;
  errorMessage: string;
}

/** A `variable` block as Terraform reads it. */
export interface DeclaredVariable {
  name: string;
  /** The type constraint as written (`string`, `map(string)`), or null when any type is allowed. */
  type: string | null;
  /** Whether a default is declared; without one, the variable is required. */
  hasDefault: boolean;
  default: unknown;
  description: string | null;
  sensitive: boolean;
  nullable: boolean;
  validations: VariableValidation[];
  /** The file that declares it. */
  file: string;
}

export interface RequiredProvider {
  name: string;
  source: string | null;
  version: string | null;
}

/** What the product reads from a module's code: its inputs and the versions it asks for. */
export interface TerraformModule {
  variables: DeclaredVariable[];
  /** `terraform { required_version }`, joined when several files set one. */
  requiredVersion: string | null;
  requiredProviders: RequiredProvider[];
  /** Files that could not be read, with HashiCorp's parser's own message. */
  problems: { file: string; message: string }[];
}

type Block = Record<string, unknown>;

// The parser is HashiCorp's HCL library compiled to WebAssembly, one instance per process:
// calls are queued so two requests never interleave inside it.
let queue: Promise<unknown> = Promise.resolve();
function parseHcl(file: string, content: string): Promise<Block> {
  const next = queue.then(() => parse(file, content) as Promise<Block>);
  queue = next.catch(() => undefined);
  return next;
}

/** `${expr}` as the JSON form writes an expression → `expr`. */
function expression(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^\$\{([\s\S]*)\}$/.exec(value);
  return (match ? match[1] : value) ?? null;
}

function blocks(value: unknown): Block[] {
  if (Array.isArray(value)) return value.filter((v): v is Block => typeof v === 'object' && v !== null);
  if (typeof value === 'object' && value !== null) return [value as Block];
  return [];
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function readVariable(name: string, body: Block, file: string, nativeSyntax: boolean): DeclaredVariable {
  const type = nativeSyntax ? expression(body['type']) : stringOrNull(body['type']);
  return {
    name,
    type,
    hasDefault: 'default' in body,
    default: body['default'],
    description: stringOrNull(body['description']),
    sensitive: body['sensitive'] === true,
    nullable: body['nullable'] !== false,
    validations: blocks(body['validation']).map((v) => ({
      condition: (nativeSyntax ? expression(v['condition']) : stringOrNull(v['condition'])) ?? '',
      errorMessage: stringOrNull(v['error_message']) ?? '',
    })),
    file,
  };
}

/**
 * Reads the variables, required Terraform version and required providers of one module
 * directory (Terraform reads only the files directly in it, never subdirectories).
 */
export async function readTerraformModule(files: CodeFile[]): Promise<TerraformModule> {
  const result: TerraformModule = { variables: [], requiredVersion: null, requiredProviders: [], problems: [] };
  const versions: string[] = [];
  const seen = new Map<string, string>();
  const ordered = [...files].filter((f) => /\.tf(\.json)?$/.test(f.path)).sort((a, b) => a.path.localeCompare(b.path));
  for (const file of ordered) {
    const nativeSyntax = file.path.endsWith('.tf');
    let document: Block;
    try {
      document = nativeSyntax ? await parseHcl(file.path, file.content) : (JSON.parse(file.content) as Block);
    } catch (error) {
      result.problems.push({ file: file.path, message: String(error instanceof Error ? error.message : error).replace(/^parse config: /, '') });
      continue;
    }
    for (const variables of blocks(document['variable'])) {
      for (const [name, value] of Object.entries(variables)) {
        const body = blocks(value)[0] ?? {};
        if (seen.has(name)) {
          result.problems.push({ file: file.path, message: `Duplicate variable declaration: '${name}' is also declared in ${seen.get(name)}` });
          continue;
        }
        seen.set(name, file.path);
        result.variables.push(readVariable(name, body, file.path, nativeSyntax));
      }
    }
    for (const terraform of blocks(document['terraform'])) {
      const version = stringOrNull(terraform['required_version']);
      if (version) versions.push(version);
      for (const providers of blocks(terraform['required_providers'])) {
        for (const [name, requirement] of Object.entries(providers)) {
          const spec = blocks(requirement)[0];
          result.requiredProviders.push({
            name,
            source: spec ? stringOrNull(spec['source']) : null,
            // The legacy form `aws = "~> 5.0"` is a bare version constraint.
            version: spec ? stringOrNull(spec['version']) : stringOrNull(requirement),
          });
        }
      }
    }
  }
  result.requiredVersion = versions.length > 0 ? versions.join(', ') : null;
  result.variables.sort((a, b) => a.name.localeCompare(b.name));
  return result;
}

/**
 * A variable value as the API carries it (always a string): strings as they are, numbers and
 * booleans as written, lists and maps as JSON (which Terraform accepts for complex values).
 */
export function variableValueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * Whether a text is exactly one HCL expression, as a Terraform variable given in HCL holds (a
 * list, a map, an object, a number, a bool or a quoted string): null when it is, otherwise
 * HashiCorp's parser's message. Read as the one attribute of a tfvars file, so nothing may follow it.
 */
export async function hclExpressionProblem(text: string): Promise<string | null> {
  if (text.trim() === '') return 'An HCL value can not be empty';
  let document: Block;
  try {
    document = await parseHcl('value.tfvars', `value = ${text}\n`);
  } catch (error) {
    return String(error instanceof Error ? error.message : error)
      .replace(/^parse config: /, '')
      .replace(/^\[value\.tfvars:\d+,\d+(-\d+)?:\s*([\s\S]*)\]$/, '$2');
  }
  const names = Object.keys(document);
  if (names.length !== 1 || names[0] !== 'value') return 'An HCL value must be one expression, with nothing after it';
  // The parser writes every expression that is not a literal as "${…}": a variable value, like a
  // tfvars file, may hold no references or function calls.
  return hasInterpolation(document['value']) ? 'An HCL value can hold only literal values: no references or function calls' : null;
}

function hasInterpolation(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('${');
  if (Array.isArray(value)) return value.some(hasInterpolation);
  if (typeof value === 'object' && value !== null) return Object.entries(value).some(([key, v]) => key.includes('${') || hasInterpolation(v));
  return false;
}

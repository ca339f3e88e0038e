import { sortVersionsDescending } from '@terrace/domain';
import shipped from './iac-versions.json';

export type IacEngine = 'terraform' | 'terragrunt' | 'opentofu';
export const iacEngines: IacEngine[] = ['terraform', 'terragrunt', 'opentofu'];

/** Where each engine's releases are published, and the shape each index has. */
export interface ReleaseSource {
  engine: IacEngine;
  url: string;
  format: 'hashicorpIndex' | 'githubReleases';
}

export const officialSources: ReleaseSource[] = [
  { engine: 'terraform', url: 'https://releases.hashicorp.com/terraform/index.json', format: 'hashicorpIndex' },
  { engine: 'opentofu', url: 'https://api.github.com/repos/opentofu/opentofu/releases?per_page=100', format: 'githubReleases' },
  { engine: 'terragrunt', url: 'https://api.github.com/repos/gruntwork-io/terragrunt/releases?per_page=100', format: 'githubReleases' },
];

const versionPattern = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

/** `releases.hashicorp.com/<product>/index.json`: `{ name, versions: { "1.9.5": { version, builds } } }`. */
export function parseHashicorpIndex(body: unknown): string[] {
  const versions = (body as { versions?: unknown } | null)?.versions;
  if (!versions || typeof versions !== 'object') throw new Error('not a release index: no versions object');
  return Object.values(versions as Record<string, { version?: unknown }>)
    .map((v) => v?.version)
    .filter((v): v is string => typeof v === 'string' && versionPattern.test(v));
}

/** GitHub's `GET /repos/{owner}/{repo}/releases`: `[{ tag_name: "v1.8.3", draft, prerelease }]`. */
export function parseGithubReleases(body: unknown): string[] {
  if (!Array.isArray(body)) throw new Error('not a GitHub releases list');
  return body
    .filter((r: { draft?: unknown }) => r && r.draft !== true)
    .map((r: { tag_name?: unknown }) => (typeof r.tag_name === 'string' ? r.tag_name.replace(/^v/, '') : ''))
    .filter((v) => versionPattern.test(v));
}

export interface CatalogOptions {
  sources?: ReleaseSource[];
  /** Per index; a slow or unreachable host never holds anything up beyond this. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  onRefreshError?: (source: ReleaseSource, error: unknown) => void;
}

/**
 * The IaC versions on offer: the list shipped with the product (works offline), merged with what
 * the official release indexes answered at the last refresh. Reads never wait for the network.
 */
export class IacVersionCatalog {
  readonly #versions = new Map<IacEngine, Set<string>>();
  #timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: CatalogOptions = {}) {
    const lists = shipped as unknown as Record<IacEngine, string[]>;
    for (const engine of iacEngines) this.#versions.set(engine, new Set(lists[engine]));
  }

  /** Newest first, by numeric dotted parts. */
  list(engine: IacEngine): string[] {
    return sortVersionsDescending([...(this.#versions.get(engine) ?? [])]);
  }

  /**
   * Asks every source once, each with its timeout; never throws. Answers per engine how many
   * versions the index added (absent: the source failed).
   */
  async refresh(): Promise<Partial<Record<IacEngine, number>>> {
    const fetchIndex = this.options.fetch ?? fetch;
    const outcome: Partial<Record<IacEngine, number>> = {};
    await Promise.all(
      (this.options.sources ?? officialSources).map(async (source) => {
        try {
          const response = await fetchIndex(source.url, {
            signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
            headers: { accept: 'application/json', 'user-agent': 'terrace-iac-versions' },
          });
          if (!response.ok) throw new Error(`${source.url} answered ${response.status}`);
          const body: unknown = await response.json();
          const found = source.format === 'hashicorpIndex' ? parseHashicorpIndex(body) : parseGithubReleases(body);
          const known = this.#versions.get(source.engine) as Set<string>;
          const before = known.size;
          for (const version of found) known.add(version);
          outcome[source.engine] = (outcome[source.engine] ?? 0) + known.size - before;
        } catch (error) {
          this.options.onRefreshError?.(source, error);
        }
      }),
    );
    return outcome;
  }

  /** Refreshes in the background: first after `firstDelayMs`, then every `intervalMs`. */
  start(firstDelayMs = 30_000, intervalMs = 6 * 3600_000): void {
    const run = () => {
      void this.refresh().finally(() => {
        this.#timer = setTimeout(run, intervalMs);
        this.#timer.unref();
      });
    };
    this.#timer = setTimeout(run, firstDelayMs);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearTimeout(this.#timer);
  }
}

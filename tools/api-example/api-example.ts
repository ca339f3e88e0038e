// An internal tool on the typed client: lists the stacks of an organization (optionally of one
// namespace) with their latest run status and drift state, and can start a plan.
//
//   TERRACE_API_URL=http://localhost:3000/api TERRACE_TOKEN=<token> \
//     npx tsx --tsconfig tsconfig.base.json tools/api-example/api-example.ts [--namespace ns-...] [--plan stk-...]
//
// The client is the console's own: the same time-out, error catalogue and typed paths. Node has no
// toasts and no router, so notices go to stderr and "go to sign-in" becomes a hint and exit code 2.
import { createApiClient, isApiError, type ApiNotice } from '@terrace/api-client';

function format(descriptor: ApiNotice['title']): string {
  const values = (descriptor.values ?? {}) as Record<string, unknown>;
  return (descriptor.message ?? descriptor.id).replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
}

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
}

const baseUrl = process.env['TERRACE_API_URL'] ?? 'http://localhost:3000/api';
const api = createApiClient({
  baseUrl,
  getToken: () => process.env['TERRACE_TOKEN'],
  onUnauthorized: () => undefined,
  notify: ({ title, description }) => console.error(`error: ${format(title)}${description ? ` (${format(description)})` : ''}`),
  navigate: {
    location: () => ({ pathname: '/', search: '' }),
    go: () => {
      console.error('Set TERRACE_TOKEN to a valid API token (Settings → Personal access tokens).');
      process.exitCode = 2;
    },
  },
});

async function main() {
  const planStackId = option('plan');
  if (planStackId) {
    const { data } = await api.POST('/stack/plan', { body: { entity: { stackId: planStackId } } });
    const run = data?.response.items[0];
    console.log(`plan ${run?.id} ${run?.status}`);
    return;
  }
  const namespaceId = option('namespace');
  const { data } = await api.GET('/stack', { params: { query: { ...(namespaceId ? { namespaceId } : {}), pageSize: 100 } } });
  const stacks = data?.response.items ?? [];
  for (const stack of stacks) {
    console.log([stack.id, stack.name, stack.latestRunStatus ?? '-', stack.driftState ?? '-'].join('\t'));
  }
  const paging = data?.response.paging;
  console.log(`${stacks.length} of ${paging?.total ?? stacks.length} stacks`);
}

main().catch((error: unknown) => {
  // The client already reported the failure through notify; only the exit code is left to set.
  if (!isApiError(error)) console.error(error);
  process.exitCode ||= 1;
});

import type { OperationRegistry } from './operation-registry';
import type { OperationId } from './contract-types';

/**
 * Terraform's service discovery document (`GET /.well-known/terraform.json`, at the root of the
 * host). A service is announced only when every operation it needs has a handler: announcing
 * `login.v1` before its authorization and token endpoints answer would send `terraform login`
 * into an authorization flow that cannot finish, where an absent service makes the CLI say the
 * host does not support it. The document grows as the Terraform-protocol operations land.
 *
 * `apiPrefix` is where this listener serves the operations ('/api' beside the console, '' on an
 * API-only listener); the URLs are relative, so Terraform resolves them against this host.
 */
export function terraformDiscoveryDocument(
  registry: OperationRegistry,
  { apiPrefix, console }: { apiPrefix: string; console: boolean },
): Record<string, unknown> {
  const implemented = (...operationIds: OperationId[]) => operationIds.every((id) => registry[id] !== undefined);
  const document: Record<string, unknown> = {};
  // The authorization page is the console's, so login is announced only beside the console.
  if (console && implemented('authorizeTerraformLogin', 'exchangeTerraformLoginCode')) {
    document['login.v1'] = {
      client: 'terraform-cli',
      grant_types: ['authz_code'],
      authz: '/app/personalAccessToken/terraformLogin',
      token: `${apiPrefix}/oauth/token`,
      // Terraform listens on one port of this range for the redirect back to the CLI.
      ports: [10000, 10010],
    };
  }
  if (implemented('listRegistryProtocolModules', 'listRegistryProtocolModuleVersions', 'downloadRegistryProtocolModule')) {
    document['modules.v1'] = `${apiPrefix}/registry/modules/v1/`;
  }
  return document;
}

import { defineOperations, single, userOperation } from '../../http/operation-registry';
import { discoverIacVersion, type IacVersionsDeps } from './iac-versions.service';

// Reads only: the lists come from memory (shipped list + last background refresh).
export const iacVersionsOperations = (deps: IacVersionsDeps) =>
  defineOperations({
    listTerraformVersions: userOperation(async () => single({ terraformVersions: deps.catalog.list('terraform') })),
    listTerragruntVersions: userOperation(async () => single({ terragruntVersions: deps.catalog.list('terragrunt') })),
    listOpentofuVersions: userOperation(async () => single({ opentofuVersions: deps.catalog.list('opentofu') })),
    discoverIacVersion: userOperation(async (actor, { query }) => single(await discoverIacVersion(deps, actor, query))),
  });

import { defineOperations, publicOperation, raw, single, userOperation } from '../../http/operation-registry';
import { authorizeTerraformLogin, exchangeTerraformLoginCode, type TerraformLoginDeps } from './terraform-login.service';

/** login.v1: the console page's approval, and the CLI's token request (outside the envelope). */
export const terraformLoginOperations = (deps: TerraformLoginDeps) =>
  defineOperations({
    authorizeTerraformLogin: userOperation(async (actor, { entity }) => single(await authorizeTerraformLogin(deps, actor, entity))),
    exchangeTerraformLoginCode: publicOperation(async ({ body }) => raw(await exchangeTerraformLoginCode(deps, body))),
  });

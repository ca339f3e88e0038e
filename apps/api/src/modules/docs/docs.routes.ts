import { single, userOperation, type OperationRegistry } from '../../http/operation-registry';
import { createDocsToken, type DocsDeps } from './docs.service';

export function docsOperations(deps: DocsDeps): OperationRegistry {
  return {
    createGitbookToken: userOperation(async (actor) => single(await createDocsToken(deps, actor))),
  };
}

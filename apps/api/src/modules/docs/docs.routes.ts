import { defineOperations, single, userOperation } from '../../http/operation-registry';
import { createDocsToken, type DocsDeps } from './docs.service';

export const docsOperations = (deps: DocsDeps) =>
  defineOperations({
    createGitbookToken: userOperation(async (actor) => single(await createDocsToken(deps, actor))),
  });

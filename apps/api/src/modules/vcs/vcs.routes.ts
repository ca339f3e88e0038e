import { defineOperations, list, publicOperation, single, userOperation } from '../../http/operation-registry';
import { receiveVcsWebhook, type WebhookDeps } from './vcs-webhooks.service';
import { collectVcsRepos, listVcsRepoBranches, listVcsRepoTree, listVcsRepos, scanVcsRepos } from './vcs-repos.service';
import {
  createVcsProvider,
  deleteVcsProvider,
  getAzureDevopsWebhookProperties,
  getGithubEnterpriseAppWebhookProperties,
  getVcsProviderMetadata,
  getWebhookSecret,
  listVcsProviders,
  updateVcsProvider,
  validateVcsConnection,
  type VcsDeps,
} from './vcs.service';

export const vcsOperations = (deps: VcsDeps & Partial<Pick<WebhookDeps, 'runs' | 'logger' | 'onPush' | 'onPullRequestClosed'>>) =>
  defineOperations({
    listVcsProviders: userOperation(async (actor, { query }) => list(await listVcsProviders(deps, actor, query))),
    createVcsProvider: userOperation(async (actor, { entity }) => single(await createVcsProvider(deps, actor, entity))),
    updateVcsProvider: userOperation(async (actor, { params, entity }) =>
      single(await updateVcsProvider(deps, actor, params.providerId, entity)),
    ),
    deleteVcsProvider: userOperation(async (actor, { params }) => single(await deleteVcsProvider(deps, actor, params.providerId))),
    getVcsProviderMetadata: userOperation(async (actor, { query }) => list(await getVcsProviderMetadata(deps, actor, query))),
    validateVcsConnection: userOperation(async (actor, { entity }) => single(await validateVcsConnection(deps, actor, entity))),
    listVcsRepos: userOperation((actor, { query }) => listVcsRepos(deps, actor, query)),
    collectVcsRepos: userOperation(async (actor, { entity }) => single(await collectVcsRepos(deps, actor, entity.providerId))),
    scanVcsRepos: userOperation(async (actor, { entity }) => list(await scanVcsRepos(deps, actor, entity))),
    listVcsRepoBranches: userOperation(async (actor, { query }) => list(await listVcsRepoBranches(deps, actor, query))),
    listVcsRepoTree: userOperation(async (actor, { query }) => list(await listVcsRepoTree(deps, actor, query))),
    receiveVcsWebhook: publicOperation(async ({ params, query, headers, rawBody, body }) => {
      if (!deps.runs) throw new Error('The webhook receiver needs the runs domain');
      await receiveVcsWebhook({ ...deps, runs: deps.runs }, { providerType: params.providerType, providerId: query.providerId, headers, rawBody, payload: body });
      return single({});
    }),
    getGithubWebhookSecret: userOperation(async (actor, { query }) => single(await getWebhookSecret(deps, actor, query.providerId, 'github'))),
    getGitlabWebhookSecret: userOperation(async (actor, { query }) => single(await getWebhookSecret(deps, actor, query.providerId, 'gitlab'))),
    getBitbucketWebhookSecret: userOperation(async (actor, { query }) =>
      single(await getWebhookSecret(deps, actor, query.providerId, 'bitbucket')),
    ),
    getBitbucketDataCenterWebhookSecret: userOperation(async (actor, { query }) =>
      single(await getWebhookSecret(deps, actor, query.providerId, 'bitbucketDataCenter')),
    ),
    getAzureDevopsWebhookProperties: userOperation(async (actor, { query }) =>
      single(await getAzureDevopsWebhookProperties(deps, actor, query.providerId)),
    ),
    getGithubEnterpriseAppWebhookProperties: userOperation(async (actor, { query }) =>
      single(await getGithubEnterpriseAppWebhookProperties(deps, actor, query.providerId)),
    ),
  });

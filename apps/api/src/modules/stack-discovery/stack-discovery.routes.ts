import { defineOperations, single, userOperation } from '../../http/operation-registry';
import {
  acceptStackDiscoveryProposal,
  createStackDiscoveryConfiguration,
  dismissStackDiscoveryProposal,
  listStackDiscoveryProposals,
  deleteStackDiscoveryConfiguration,
  getStackDiscoveryConfiguration,
  listStackDiscoveryConfigurations,
  listStackDiscoveryEvents,
  runStackDiscovery,
  updateStackDiscoveryConfiguration,
  type StackDiscoveryDeps,
} from './stack-discovery.service';

export const stackDiscoveryOperations = (deps: StackDiscoveryDeps) =>
  defineOperations({
    listStackDiscoveryConfigurations: userOperation(async (actor, { query }) => listStackDiscoveryConfigurations(deps, actor, query)),
    createStackDiscoveryConfiguration: userOperation(async (actor, { entity }) => single(await createStackDiscoveryConfiguration(deps, actor, entity))),
    getStackDiscoveryConfiguration: userOperation(async (actor, { params }) => single(await getStackDiscoveryConfiguration(deps, actor, params.stackDiscoveryConfigurationId))),
    updateStackDiscoveryConfiguration: userOperation(async (actor, { params, entity }) =>
      single(await updateStackDiscoveryConfiguration(deps, actor, params.stackDiscoveryConfigurationId, entity)),
    ),
    deleteStackDiscoveryConfiguration: userOperation(async (actor, { params }) => single(await deleteStackDiscoveryConfiguration(deps, actor, params.stackDiscoveryConfigurationId))),
    listStackDiscoveryEvents: userOperation(async (actor, { query }) => {
      const { items, paging } = await listStackDiscoveryEvents(deps, actor, query);
      return { items, paging };
    }),
    listStackDiscoveryProposals: userOperation(async (actor, { query }) => listStackDiscoveryProposals(deps, actor, query)),
    acceptStackDiscoveryProposal: userOperation(async (actor, { params }) => single(await acceptStackDiscoveryProposal(deps, actor, params.proposalId))),
    dismissStackDiscoveryProposal: userOperation(async (actor, { params }) => single(await dismissStackDiscoveryProposal(deps, actor, params.proposalId))),
    runStackDiscovery: userOperation(async (actor, { params }) => single(await runStackDiscovery(deps, actor, params.stackDiscoveryConfigurationId))),
  });

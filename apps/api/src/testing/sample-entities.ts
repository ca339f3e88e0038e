import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { testPassword, uniqueEmail } from './factories';

const suffix = () => randomBytes(4).toString('hex');

/** A real private key (PEM, which ssh-keygen reads) for the SSH and git signing key samples. */
const samplePrivateKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'sec1', format: 'pem' }).toString();

/**
 * A valid entity per operation that takes a body, with every string field the entity can carry
 * filled in, so the authorization matrix and the bad-input suite exercise each of them. A test
 * fails when an implemented operation with a body has no sample here.
 */
export const sampleEntities: Record<string, () => Record<string, unknown>> = {
  signUp: () => signUpEntity(),
  signUpLegacy: () => signUpEntity(),
  registerAwsMarketplace: () => ({ ...signUpEntity(), marketplaceCustomerId: `cust-${suffix()}` }),
  signIn: () => ({ email: uniqueEmail('sample'), password: testPassword }),
  putOrganizationConfiguration: () => ({
    aiFeaturesConfiguration: { enabled: false, consented: false },
    iacConfig: { terraformVersion: '1.9.5', varFiles: ['a.tfvars'] },
    tfStateFilesS3Locations: [{ bucketName: 'states', bucketRegion: 'eu-west-1', awsAccountId: '123456789012' }],
  }),
  putSignInSettings: () => ({ requireMfaForDirectUserSignIn: false }),
  createRunnerGroup: () => ({ name: `sample-${suffix()}`, maxConcurrency: 2 }),
  updateRunnerGroup: () => ({ name: `sample-${suffix()}`, maxConcurrency: 3 }),
  createRunnerGroupToken: () => ({ name: 'ci runners' }),
  registerRunner: () => ({ runnerGroupToken: `trg_${randomBytes(32).toString('base64url')}`, name: `runner-${suffix()}`, version: '1.0.0' }),
  sendRunnerHeartbeat: () => ({ health: 'ok', jobs: [{ jobId: 'job-sample', attempt: 1 }] }),
  claimRunnerJob: () => ({ waitSeconds: 0 }),
  appendRunnerJobLog: () => ({ offset: 0, data: Buffer.from('hello\n').toString('base64') }),
  reportRunnerStepResult: () => ({ step: 'gitClone', status: 'succeeded', result: { stdOut: 'cloned' } }),
  finishRunnerJob: () => ({ status: 'succeeded', finalLogOffset: 0, outcome: { error: 'none' } }),
  createNamespace: () => ({
    name: `sample-${suffix()}`,
    description: 'A sample namespace',
    externalCredentials: [{ type: 'awsAssumeRole', externalCredentialsId: 'ext-1', awsProfileName: 'dev' }],
    iacConfig: { terraformVersion: '1.9.5' },
    runnerConfig: { mode: 'selfHosted', groups: ['g1'] },
  }),
  updateNamespace: () => ({ description: 'changed', iacConfig: { opentofuVersion: '1.8.0' } }),
  createStack: () => ({
    stack: {
      name: `sample-${suffix()}`,
      description: 'A sample stack',
      namespaceId: 'ns-sample0',
      iacType: 'terraform',
      data: {
        vcsInfo: { providerId: 'vcsp-sample0', repoName: 'acme/infra', branch: 'main', path: 'envs/dev' },
        runTrigger: { patterns: ['${stack_path}/**'], excludePatterns: ['**/*.md'] },
        iacConfig: { terraformVersion: '1.9.5', varFiles: ['dev.tfvars'] },
        runnerConfig: { mode: 'selfHosted', groups: ['g1'] },
        deploymentApprovalPolicy: { rules: [{ type: 'requireTeamsApproval', parameters: { teams: ['team-sample0'] } }] },
        runTaskConfig: { runTasks: [{ runTaskId: 'rtsk-sample0', enforcementLevel: 'warning', stage: 'prePlan' }] },
      },
    },
  }),
  createStackDependency: () => ({
    stackId: 'stk-sample0',
    dependsOnStackId: 'stk-sample1',
    references: [{ outputOfStackToDependOn: 'vpc_id', inputForStack: 'vpc_id', includeSensitiveOutput: false }],
    triggerOption: 'onReferenceValueChange',
  }),
  updateStackDependency: () => ({ triggerOption: 'always' }),
  createStackDiscoveryConfiguration: () => ({
    name: `sample-${suffix()}`,
    namespaceId: 'ns-sample0',
    description: 'Every environment',
    vcsPatterns: [{ providerId: 'vcsp-sample0', repoName: 'acme/infra', pathPatterns: ['envs/**'], excludePathPatterns: ['envs/legacy'], branch: 'main' }],
    stackConfig: { iacType: 'terraform', deploymentBehavior: { deployOnPush: true, waitForApproval: true }, runTrigger: { patterns: ['${stack_path}/**'] } },
  }),
  updateStackDiscoveryConfiguration: () => ({ description: 'changed' }),
  runStackDiscovery: () => ({}),
  acceptStackDiscoveryProposal: () => ({}),
  dismissStackDiscoveryProposal: () => ({}),
  updateStack: () => ({ description: 'changed', data: { vcsInfo: { providerId: 'vcsp-sample0', repoName: 'acme/other', path: 'p' } } }),
  moveStack: () => ({ namespaceId: 'ns-sample0' }),
  extendStackTtl: () => ({ ttl: { type: 'hours', value: 5 } }),
  createTemplate: () => ({
    name: `sample-${suffix()}`,
    iacType: 'terraform',
    description: 'A sample template',
    vcsInfo: { providerId: 'vcsp-sample0', repoName: 'acme/infra', branch: 'main', path: 'envs/preview' },
    policy: { ttlConfig: { maxTtl: { type: 'hours', value: 8 }, defaultTtl: { type: 'hours', value: 2 } } },
    iacConfig: { terraformVersion: '1.9.5', varFiles: ['preview.tfvars'] },
    runnerConfig: { mode: 'selfHosted', groups: ['g1'] },
  }),
  updateTemplate: () => ({ description: 'changed', vcsInfo: { providerId: 'vcsp-sample0', repoName: 'acme/other', path: 'p' } }),
  createTemplateNamespaceMapping: () => ({ templateId: 'tmpl-sample0', namespaceId: 'ns-sample0' }),
  deleteTemplateNamespaceMapping: () => ({ templateId: 'tmpl-sample0', namespaceId: 'ns-sample0' }),
  createBlueprint: () => ({
    name: `sample-${suffix()}`,
    description: 'A sample blueprint',
    vcsInfo: { providerId: 'vcsp-sample0', repoName: 'acme/blueprints', branch: 'main', path: 'app' },
    stackConfiguration: {
      name: '{team}-app',
      iacType: 'terraform',
      vcsInfo: { providerId: 'vcsp-sample0', repoName: 'acme/infra', branch: 'main', path: 'stacks/{team}' },
      iacConfig: { varFiles: ['common.tfvars'] },
    },
    substituteParameters: [{ key: 'team', description: 'Owning team', valueConditions: [{ operator: 'startsWith', value: 't' }] }],
  }),
  updateBlueprint: () => ({ description: 'changed' }),
  createBlueprintNamespaceMapping: () => ({ blueprintId: 'blp-sample0', namespaceId: 'ns-sample0' }),
  deleteBlueprintNamespaceMapping: () => ({ blueprintId: 'blp-sample0', namespaceId: 'ns-sample0' }),
  createStackFromTemplate: () => ({
    templateId: 'tmpl-sample0',
    name: `sample-${suffix()}`,
    description: 'From a template',
    namespaceId: 'ns-sample0',
    ttl: { type: 'hours', value: 2 },
    variables: [{ key: 'region', value: 'eu-west-1', type: 'tfVar' }],
  }),
  createStackFromBlueprint: () => ({ blueprintId: 'blp-sample0', namespaceId: 'ns-sample0', description: 'From a blueprint', parameters: { team: 'web' } }),
  createConsoleEvent: () => ({ title: 'sample', message: 'event' }),
  signInWithMfaPotentialSession: () => ({ waitingMfaPotentialSessionId: 'tmf_sample', mfaCode: '123456' }),
  generateMfaWithAddMfaSession: () => ({ addMfaSessionId: 'tmf_sample' }),
  configureMfaWithAddMfaSession: () => ({ addMfaSessionId: 'tmf_sample', mfaCode: '123456' }),
  configureMfa: () => ({ mfaCode: '123456' }),
  disableMfa: () => ({ mfaCode: '123456' }),
  confirmMfa: () => ({ confirmationToken: 'tmf_sample' }),
  inviteUser: () => ({ email: uniqueEmail('invitee'), role: 'member' }),
  createUserFromInvite: () => ({ invitationToken: 'tiv_sample', firstName: 'New', lastName: 'User', password: testPassword }),
  acceptInvite: () => ({ invitationToken: 'tiv_sample' }),
  recoverPassword: () => ({ email: uniqueEmail('recover') }),
  resetPassword: () => ({ resetToken: 'trs_sample', password: testPassword }),
  updateOrganizationUser: () => ({ role: 'viewer' }),
  createTeam: () => ({ name: `team ${suffix()}`, description: 'A sample team', customIdpId: `idp-group-${suffix()}` }),
  updateTeam: () => ({ description: 'changed' }),
  addTeamUser: () => ({ teamId: 'team-sample0', userEmail: uniqueEmail('teamuser') }),
  removeTeamUser: () => ({ teamId: 'team-sample0', userEmail: uniqueEmail('teamuser') }),
  createNamespacePermission: () => ({ namespaceId: null, teamId: 'team-sample0', role: 'viewer' }),
  deleteNamespacePermission: () => ({ namespaceId: null, teamId: 'team-sample0' }),
  createCustomRole: () => ({
    name: `role ${suffix()}`,
    description: 'A sample role',
    type: 'namespaceRole',
    permissions: [{ name: 'namespace:read' }],
    stackRestriction: 'none',
  }),
  updateCustomRole: () => ({ description: 'changed' }),
  createCustomAbacConfiguration: () => ({ customAbacId: `group-${suffix()}`, name: `mapping ${suffix()}`, roles: [] }),
  updateCustomAbacConfiguration: () => ({ name: `renamed ${suffix()}` }),
  createProgrammaticUser: () => ({ name: `robot-${suffix()}`, role: 'viewer' }),
  createProgrammaticUserToken: () => ({ name: `token ${suffix()}` }),
  putIdentityProvider: () => ({
    type: 'oidc',
    emailDomains: [`sso-${suffix()}.example.test`],
    defaultRole: 'viewer',
    oidc: { issuerUrl: 'https://idp.example.test', clientId: 'terrace', scopes: 'openid email profile', groupsClaim: 'groups' },
  }),
  ssoSignInRequest: () => ({ email: uniqueEmail('sso') }),
  ssoSignInWithPotentialSession: () => ({ ssoPotentialSessionId: `sps-${suffix()}` }),
  ssoSwitchSession: () => ({ ssoPotentialSessionId: `sps-${suffix()}` }),
  updateUserProfile: () => ({ firstName: 'Sample', lastName: `User ${suffix()}` }),
  // The same password again, so that sessions signed in later with the test password still work.
  changeUserPassword: () => ({ currentPassword: testPassword, newPassword: testPassword }),
  createPersonalAccessToken: () => ({ name: `token ${suffix()}`, expiresInDays: 30 }),
  createVcsProvider: () => ({
    type: 'github',
    name: `vcs ${suffix()}`,
    authType: 'token',
    gitCloneType: 'http',
    githubMetadata: { orgName: 'acme' },
    credentials: { token: `ghp_${suffix()}` },
  }),
  updateVcsProvider: () => ({ name: `vcs ${suffix()}`, credentials: { token: `ghp_${suffix()}` } }),
  // Port 9 on loopback refuses at once: the answer is isValid false, without leaving the machine.
  validateVcsConnection: () => ({
    type: 'github-enterprise',
    name: `vcs ${suffix()}`,
    githubMetadata: { httpUrl: 'http://127.0.0.1:9' },
    credentials: { token: `ghp_${suffix()}` },
  }),
  collectVcsRepos: () => ({ providerId: 'vcsp-sample0' }),
  scanVcsRepos: () => ({ providerId: 'vcsp-sample0', repoNames: ['network'], branch: 'main' }),
  createSshKey: () => ({ name: `key ${suffix()}`, privateKey: samplePrivateKey }),
  updateSshKey: () => ({ name: `key ${suffix()}` }),
  createGitSigningKey: () => ({
    name: `signing ${suffix()}`,
    type: 'ssh',
    privateKey: samplePrivateKey,
    committerName: 'Terrace Bot',
    committerEmail: 'bot@example.test',
  }),
  updateGitSigningKey: () => ({ committerName: 'Terrace Robot' }),
  // Variables of a stack the organization does not have: 404 once authorized, 403 before.
  createVariable: () => ({ scope: 'stack', scopeId: `stk-sample${suffix()}`, ...variableFields() }),
  updateVariable: () => ({ value: 'changed', description: 'changed', displayName: 'Changed' }),
  upsertVariables: () => ({ scope: 'stack', scopeId: `stk-sample${suffix()}`, variables: [variableFields()] }),
  deleteVariables: () => ({ variableIds: [`var-sample${suffix()}`] }),
  // Runs on a stack (or of a run) the organization does not have: 404 once authorized, 403 before.
  createPlan: () => ({ stackId: `stk-sample${suffix()}`, headBranch: 'main', headSha: 'abcdef1' }),
  createDeployment: () => ({ stackId: `stk-sample${suffix()}`, isDestroy: false, headSha: 'abcdef1' }),
  createTask: () => ({
    stackId: `stk-sample${suffix()}`,
    taskToExecute: { taskType: 'importResources', resources: [{ resourceAddress: 'aws_s3_bucket.b', importId: 'bucket-b' }] },
  }),
  createComment: () => ({ runId: `plan-sample${suffix()}`, text: 'A sample comment' }),
  // Drift on a stack the organization does not have: 404 once authorized, 403 before.
  startDriftDetection: () => ({ stackId: `stk-sample${suffix()}` }),
  startDriftRemediation: () => ({ stackId: `stk-sample${suffix()}`, mode: 'deploy', resourceAddresses: ['null_resource.a'] }),
  scanVariablesFromCode: () => ({
    vcsInfo: { providerId: 'vcsp-sample', repoName: 'infra/live', branch: 'main', path: 'stacks/network' },
    scope: 'stack',
    scopeId: `stk-sample${suffix()}`,
  }),
  // State and outputs of a stack the organization does not have: 404 once authorized, 403 before.
  getStackOutputSecretValue: () => ({ stackId: `stk-sample${suffix()}`, name: 'db_password' }),
  forceUnlockStackState: () => ({ stackId: `stk-sample${suffix()}`, lockId: `lock-${suffix()}` }),
  rollbackStackState: () => ({ stackId: `stk-sample${suffix()}`, stateVersionId: `sv-sample${suffix()}` }),
  // A loopback redirect of the advertised range and an S256 challenge (43 base64url characters).
  authorizeTerraformLogin: () => ({
    clientId: 'terraform-cli',
    redirectUri: 'http://localhost:10000/login',
    state: `state-${suffix()}`,
    codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    codeChallengeMethod: 'S256',
    tokenName: `terraform login ${suffix()}`,
    expiresInDays: 30,
  }),
  createControlPolicy: () => ({
    name: `sample-${suffix()}`,
    description: 'A sample policy',
    type: 'aws_required_tags',
    parameters: { tags: [{ key: 'Owner', allowedValues: ['team-.*'] }] },
  }),
  updateControlPolicy: () => ({ description: 'changed', parameters: { tags: [{ key: 'Owner' }] } }),
  createControlPolicyMapping: () => ({ controlPolicyId: 'pol-managed-ebs-encrypted', targetType: 'namespace', targetId: 'ns-sample0', enforcementLevel: 'warning' }),
  updateControlPolicyMapping: () => ({ controlPolicyId: 'pol-managed-ebs-encrypted', targetType: 'namespace', targetId: 'ns-sample0', enforcementLevel: 'hardMandatory' }),
  deleteControlPolicyMapping: () => ({ controlPolicyId: 'pol-managed-ebs-encrypted', targetType: 'namespace', targetId: 'ns-sample0' }),
  createControlPolicyNamespaceMapping: () => ({ controlPolicyId: 'pol-managed-ebs-encrypted', namespaceId: 'ns-sample0', enforcementLevel: 'warning' }),
  deleteControlPolicyNamespaceMapping: () => ({ controlPolicyId: 'pol-managed-ebs-encrypted', namespaceId: 'ns-sample0' }),
  createControlPolicyGroup: () => ({ name: `sample-${suffix()}`, description: 'A sample group', controlPolicies: [{ controlPolicyId: 'pol-managed-ebs-encrypted', severity: 'high' }] }),
  updateControlPolicyGroup: () => ({ description: 'changed' }),
  createControlPolicyGroupMapping: () => ({
    controlPolicyGroupId: 'polg-cis-aws-v1-4-0',
    targetType: 'namespace',
    targetId: 'ns-sample0',
    bySeverity: { low: 'warning', critical: 'hardMandatory' },
    overrideEnforcements: [{ controlPolicyId: 'pol-managed-ebs-encrypted', enforcementLevel: 'softMandatory' }],
  }),
  updateControlPolicyGroupMapping: () => ({ controlPolicyGroupId: 'polg-cis-aws-v1-4-0', targetType: 'namespace', targetId: 'ns-sample0', enforcementLevel: 'warning' }),
  deleteControlPolicyGroupMapping: () => ({ controlPolicyGroupId: 'polg-cis-aws-v1-4-0', targetType: 'namespace', targetId: 'ns-sample0' }),
};

function variableFields() {
  return {
    key: `region_${suffix()}`,
    value: 'eu-west-1',
    displayName: 'Region',
    description: 'Where it runs',
    type: 'tfVar',
    valueConditions: [{ operator: 'in', value: ['eu-west-1', 'us-east-1'] }, { operator: 'startsWith', value: 'eu' }],
  };
}

function signUpEntity() {
  return {
    email: uniqueEmail('sample'),
    password: testPassword,
    firstName: 'Sample',
    lastName: 'User',
    organizationName: `Sample ${suffix()}`,
  };
}

import { randomBytes } from 'node:crypto';
import { testPassword, uniqueEmail } from './factories';

const suffix = () => randomBytes(4).toString('hex');

/**
 * A valid entity per operation that takes a body, with every string field the entity can carry
 * filled in, so the authorization matrix and the bad-input suite exercise each of them. A test
 * fails when an implemented operation with a body has no sample here.
 */
export const sampleEntities: Record<string, () => Record<string, unknown>> = {
  signUp: () => signUpEntity(),
  signUpLegacy: () => signUpEntity(),
  registerAwsMarketplace: () => ({ ...signUpEntity(), marketplaceCustomerId: `cust-${suffix()}` }),
  registerAzureMarketplace: () => ({ ...signUpEntity(), marketplaceCustomerId: `cust-${suffix()}` }),
  signIn: () => ({ email: uniqueEmail('sample'), password: testPassword }),
  putOrganizationConfiguration: () => ({
    aiFeaturesConfiguration: { enabled: false, consented: false },
    iacConfig: { terraformVersion: '1.9.5', varFiles: ['a.tfvars'] },
    tfStateFilesS3Locations: [{ bucket: 'states', region: 'eu-west-1', prefix: 'tf/' }],
  }),
  putSignInSettings: () => ({ requireMfaForDirectUserSignIn: false }),
  createNamespace: () => ({
    name: `sample-${suffix()}`,
    description: 'A sample namespace',
    externalCredentials: [{ type: 'awsAssumeRole', externalCredentialsId: 'ext-1', awsProfileName: 'dev' }],
    iacConfig: { terraformVersion: '1.9.5' },
    runnerConfig: { mode: 'selfHosted', groups: ['g1'] },
  }),
  updateNamespace: () => ({ description: 'changed', iacConfig: { opentofuVersion: '1.8.0' } }),
  createConsoleEvent: () => ({ title: 'sample', message: 'event' }),
};

function signUpEntity() {
  return {
    email: uniqueEmail('sample'),
    password: testPassword,
    firstName: 'Sample',
    lastName: 'User',
    organizationName: `Sample ${suffix()}`,
  };
}

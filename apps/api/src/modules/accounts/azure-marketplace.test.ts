import { createServer, type IncomingMessage, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailedLinkToken, testPassword, uniqueEmail } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { organizations } from './accounts.schema';
import { findUserByEmail } from './accounts.repository';

// Azure Marketplace registration against a double of Microsoft Entra's token endpoint and the
// SaaS fulfillment API v2 on loopback, speaking their wire format (form-encoded client
// credentials; JSON resolve and activate calls with the bearer token and the x-ms headers).

const tenantId = 'tenant-0001';
const clientId = 'publisher-app';
const clientSecret = 'publisher-secret';
const marketplaceResource = '20e940b3-4c77-4b0b-9a53-9e16a1b010a7';

interface Purchase {
  subscriptionId: string;
  name: string;
  email: string;
  planId: string;
}

class FakeAzure {
  readonly purchases = new Map<string, Purchase>();
  readonly activations: { subscriptionId: string; body: unknown }[] = [];
  failActivation = false;
  #accessToken = `aad-${randomUUID()}`;
  #server: Server = createServer((request, response) => {
    void this.#handle(request).then(
      ({ status, body }) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(body === undefined ? '' : JSON.stringify(body));
      },
      (error: unknown) => {
        response.writeHead(500);
        response.end(String(error));
      },
    );
  });
  url = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    const address = this.#server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }

  async #handle(request: IncomingMessage): Promise<{ status: number; body?: unknown }> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', this.url);
    if (request.method === 'POST' && url.pathname === `/${tenantId}/oauth2/token`) {
      const form = new URLSearchParams(text);
      const ok =
        form.get('grant_type') === 'client_credentials' &&
        form.get('client_id') === clientId &&
        form.get('client_secret') === clientSecret &&
        form.get('resource') === marketplaceResource;
      if (!ok) return { status: 401, body: { error: 'invalid_client' } };
      return { status: 200, body: { token_type: 'Bearer', expires_in: '3599', resource: marketplaceResource, access_token: this.#accessToken } };
    }
    if (request.headers.authorization !== `Bearer ${this.#accessToken}`) return { status: 403 };
    if (url.searchParams.get('api-version') !== '2018-08-31') return { status: 400 };
    if (request.method === 'POST' && url.pathname === '/api/saas/subscriptions/resolve') {
      const purchase = this.purchases.get(String(request.headers['x-ms-marketplace-token'] ?? ''));
      if (!purchase) return { status: 400, body: { error: { code: 'BadArgument', message: 'Token is invalid' } } };
      return {
        status: 200,
        body: {
          id: purchase.subscriptionId,
          subscriptionName: purchase.name,
          offerId: 'terrace',
          planId: purchase.planId,
          quantity: 5,
          subscription: {
            id: purchase.subscriptionId,
            publisherId: 'terrace-publisher',
            offerId: 'terrace',
            name: purchase.name,
            saasSubscriptionStatus: 'PendingFulfillmentStart',
            beneficiary: { emailId: purchase.email, objectId: randomUUID(), tenantId: randomUUID(), puid: '1' },
            purchaser: { emailId: `buyer-${purchase.email}`, objectId: randomUUID(), tenantId: randomUUID(), puid: '2' },
            planId: purchase.planId,
            term: { termUnit: 'P1M' },
            isTest: true,
            isFreeTrial: false,
            allowedCustomerOperations: ['Read', 'Update', 'Delete'],
            sandboxType: 'None',
            sessionMode: 'None',
          },
        },
      };
    }
    const activate = /^\/api\/saas\/subscriptions\/([^/]+)\/activate$/.exec(url.pathname);
    if (request.method === 'POST' && activate) {
      if (this.failActivation) return { status: 500 };
      this.activations.push({ subscriptionId: decodeURIComponent(activate[1] ?? ''), body: JSON.parse(text) as unknown });
      return { status: 200 };
    }
    return { status: 404 };
  }

  /** A purchase Azure would hand to the landing page, and its token. */
  purchase(label: string): { token: string; purchase: Purchase } {
    const token = `purchase-${randomUUID()}`;
    const purchase = { subscriptionId: randomUUID(), name: `${label} subscription`, email: uniqueEmail(label), planId: 'gold' };
    this.purchases.set(token, purchase);
    return { token, purchase };
  }
}

let azure: FakeAzure;
let api: TestApi;
let unconfigured: TestApi;

beforeAll(async () => {
  azure = new FakeAzure();
  await azure.start();
  api = await createTestApi({ azureMarketplace: { tenantId, clientId, clientSecret, loginUrl: azure.url, apiUrl: azure.url } });
  unconfigured = await createTestApi();
});

afterAll(async () => {
  await api?.close();
  await unconfigured?.close();
  await azure?.close();
});

interface SignInItem {
  token: string;
  user: { email: string; orgRole: string };
  organization: { id: string; name: string };
}

describe('Azure Marketplace registration (no body: the landing-page token in the query)', () => {
  it('resolves the token, creates the organization and its admin, activates the subscription and signs in', async () => {
    const { token, purchase } = azure.purchase('contoso');
    const res = await api.call<SignInItem>('registerAzureMarketplace', { query: { token } });
    expect(res.status, JSON.stringify(res.body.response.errors)).toBe(200);
    const item = res.body.response.items[0] as SignInItem;
    expect(item.organization.name).toBe('contoso subscription');
    expect(item.user).toMatchObject({ email: purchase.email, orgRole: 'admin' });

    const org = await api.call<Record<string, unknown>>('getOrganization', { token: item.token });
    expect(org.body.response.items[0]).toMatchObject({ marketplace: 'azure' });
    const [row] = await api.database.db.select().from(organizations).where(eq(organizations.id, item.organization.id));
    expect(row?.marketplaceCustomerId).toBe(purchase.subscriptionId);
    expect(azure.activations).toContainEqual({ subscriptionId: purchase.subscriptionId, body: { planId: 'gold', quantity: 5 } });
    // No password was chosen: password sign-in is impossible until recovery sets one.
    expect((await findUserByEmail(api.database.db, purchase.email))?.passwordHash).toBeNull();
    expect((await api.call('signIn', { entity: { email: purchase.email, password: testPassword } })).status).toBe(400);
    expect((await api.call('recoverPassword', { entity: { email: purchase.email } })).status).toBe(200);
    const resetToken = await mailedLinkToken(api, purchase.email, 'resetPassword');
    expect((await api.call('resetPassword', { entity: { resetToken, password: testPassword } })).status).toBe(200);
    expect((await api.call('signIn', { entity: { email: purchase.email, password: testPassword } })).status).toBe(200);

    // A subscription registers once.
    const again = await api.call('registerAzureMarketplace', { query: { token } });
    expect(again.status).toBe(409);
    expect(again.body.response.errors[0]).toMatchObject({ code: 'already_exist', field: 'token' });
  });

  it('answers 400 in the envelope without a token, for a token Azure does not know, and without credentials', async () => {
    const missing = await api.call('registerAzureMarketplace');
    expect(missing.status).toBe(400);
    expect(missing.body.response.errors[0]?.code).toBe('validation_error');
    expect(missing.body.response.errors[0]?.message).toContain('token');

    const unknown = await api.call('registerAzureMarketplace', { query: { token: 'not-a-purchase' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.response.errors[0]).toMatchObject({ code: 'bad_request', field: 'token' });
    expect(unknown.body.response.errors[0]?.message).toContain("couldn't identify this purchase");

    const { token } = azure.purchase('nocreds');
    const off = await unconfigured.call('registerAzureMarketplace', { query: { token } });
    expect(off.status).toBe(400);
    expect(off.body.response.errors[0]?.message).toBe('Azure Marketplace registration is not available on this server');
  });

  it('creates nothing when Azure refuses the activation', async () => {
    const { token, purchase } = azure.purchase('refused');
    azure.failActivation = true;
    try {
      const res = await api.call('registerAzureMarketplace', { query: { token } });
      expect(res.status).toBe(500);
    } finally {
      azure.failActivation = false;
    }
    expect(await findUserByEmail(api.database.db, purchase.email)).toBeUndefined();
    // The same token registers once Azure accepts.
    expect((await api.call('registerAzureMarketplace', { query: { token } })).status).toBe(200);
  });
});

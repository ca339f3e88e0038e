import { randomUUID } from 'node:crypto';

// The Azure Marketplace SaaS fulfillment API v2, as far as registration needs it: the landing
// page's purchase identification token is resolved to the subscription (who bought what), and
// the subscription is activated once its organization exists (Azure starts billing then). The
// publisher authenticates with a Microsoft Entra application (client credentials).

/** The resource id of the marketplace fulfillment API, for the client-credentials token. */
const marketplaceResource = '20e940b3-4c77-4b0b-9a53-9e16a1b010a7';
const apiVersion = '2018-08-31';

export interface AzureMarketplaceSettings {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** https://login.microsoftonline.com unless overridden. */
  loginUrl: string;
  /** https://marketplaceapi.microsoft.com unless overridden. */
  apiUrl: string;
}

/** What registration uses of a resolved subscription. */
export interface AzureSubscription {
  id: string;
  name: string;
  planId: string;
  quantity?: number;
  beneficiaryEmail: string;
}

/** The token did not identify a purchase (unknown, expired, or another publisher's). */
export class AzurePurchaseNotFound extends Error {
  constructor() {
    super('The Azure Marketplace purchase token was not recognised');
    this.name = 'AzurePurchaseNotFound';
  }
}

export interface AzureMarketplaceClient {
  resolve(purchaseToken: string): Promise<AzureSubscription>;
  activate(subscription: AzureSubscription): Promise<void>;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function createAzureMarketplaceClient(settings: AzureMarketplaceSettings): AzureMarketplaceClient {
  let cached: { token: string; expiresAt: number } | undefined;

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt > Date.now() + 60_000) return cached.token;
    const response = await fetch(`${trimSlash(settings.loginUrl)}/${encodeURIComponent(settings.tenantId)}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        resource: marketplaceResource,
      }).toString(),
    });
    if (!response.ok) throw new Error(`Microsoft Entra refused the marketplace credentials (${response.status})`);
    const body = (await response.json()) as { access_token?: string; expires_in?: string | number };
    if (!body.access_token) throw new Error('Microsoft Entra answered no access token');
    cached = { token: body.access_token, expiresAt: Date.now() + Number(body.expires_in ?? 300) * 1000 };
    return cached.token;
  }

  async function call(path: string, extraHeaders: Record<string, string>, body?: unknown): Promise<Response> {
    return fetch(`${trimSlash(settings.apiUrl)}/api/saas/subscriptions${path}?api-version=${apiVersion}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        'content-type': 'application/json',
        'x-ms-requestid': randomUUID(),
        'x-ms-correlationid': randomUUID(),
        ...extraHeaders,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  return {
    async resolve(purchaseToken) {
      const response = await call('/resolve', { 'x-ms-marketplace-token': purchaseToken });
      // 400: the token is malformed or expired; 403/404: it is not one of this publisher's.
      if (response.status === 400 || response.status === 403 || response.status === 404) throw new AzurePurchaseNotFound();
      if (!response.ok) throw new Error(`Azure Marketplace could not resolve the purchase (${response.status})`);
      const body = (await response.json()) as {
        id?: string;
        subscriptionName?: string;
        planId?: string;
        quantity?: number;
        subscription?: { beneficiary?: { emailId?: string }; purchaser?: { emailId?: string } };
      };
      const email = body.subscription?.beneficiary?.emailId ?? body.subscription?.purchaser?.emailId;
      if (!body.id || !body.planId || !email) throw new Error('Azure Marketplace resolved the purchase without id, plan or e-mail');
      return {
        id: body.id,
        name: body.subscriptionName?.trim() || email,
        planId: body.planId,
        ...(body.quantity === undefined ? {} : { quantity: body.quantity }),
        beneficiaryEmail: email,
      };
    },
    async activate(subscription) {
      const response = await call(`/${encodeURIComponent(subscription.id)}/activate`, {}, {
        planId: subscription.planId,
        ...(subscription.quantity === undefined ? {} : { quantity: subscription.quantity }),
      });
      if (!response.ok) throw new Error(`Azure Marketplace did not activate subscription ${subscription.id} (${response.status})`);
    },
  };
}

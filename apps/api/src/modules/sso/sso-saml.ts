import { randomBytes } from 'node:crypto';
import { SAML, ValidateInResponseTo, type Profile } from '@node-saml/node-saml';
import { groupsOf, type SsoIdentity } from './sso-oidc';
import type { SamlSettingsRecord } from './sso.schema';

/** Why a SAML response was refused; each becomes the reason code of /auth/ssoBadLogin. */
export type SamlRejection = 'invalidSignature' | 'wrongAudience' | 'wrongDestination' | 'missingEmail' | 'invalidResponse';

export class SamlResponseError extends Error {
  constructor(
    readonly reason: SamlRejection,
    message: string,
  ) {
    super(message);
    this.name = 'SamlResponseError';
  }
}

// Responses and assertions may be a little early or late against our clock.
const clockSkewMs = 60_000;

function samlClient(settings: SamlSettingsRecord, acsUrl: string, requestId?: string): SAML {
  return new SAML({
    entryPoint: settings.entryPointUrl,
    issuer: settings.spEntityId,
    audience: settings.spEntityId,
    callbackUrl: acsUrl,
    idpCert: settings.idpCertificate,
    // The assertion must carry a valid signature by the configured certificate; a signed Response
    // around an unsigned assertion is not enough, since the assertion is what we read.
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: clockSkewMs,
    // InResponseTo is checked against the login request stored in PostgreSQL (see below), so that
    // any replica may receive the response; node-saml's in-memory cache would not be shared.
    validateInResponseTo: ValidateInResponseTo.never,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    disableRequestedAuthnContext: true,
    ...(requestId ? { generateUniqueId: () => requestId } : {}),
  });
}

export interface SamlAuthorization {
  redirectUrl: string;
  requestId: string;
}

/** An AuthnRequest (HTTP-Redirect binding) whose id we keep to check InResponseTo. */
export async function beginSamlAuthorization(settings: SamlSettingsRecord, acsUrl: string, relayState: string): Promise<SamlAuthorization> {
  // An XML ID must not start with a digit.
  const requestId = `_${randomBytes(20).toString('hex')}`;
  const redirectUrl = await samlClient(settings, acsUrl, requestId).getAuthorizeUrlAsync(relayState, undefined, {});
  return { redirectUrl, requestId };
}

export interface ValidatedSamlResponse {
  identity: SsoIdentity;
  assertionId: string;
  /**
   * Whether InResponseTo names the request we sent. Left to the caller, which first records the
   * assertion id: a replayed assertion is reported as such, whatever request it claims to answer.
   */
  answersOurRequest: boolean;
  /** Until when the assertion could be accepted: how long its id must be remembered. */
  notOnOrAfter: Date;
}

type XmlNode = { $?: Record<string, string>; _?: string } & Record<string, unknown>;

function first(node: unknown, key: string): XmlNode | undefined {
  const list = (node as Record<string, unknown> | undefined)?.[key];
  return Array.isArray(list) ? (list[0] as XmlNode) : undefined;
}

function attributeValues(profile: Profile, name: string): unknown {
  const direct = profile[name];
  if (direct !== undefined) return direct;
  const attributes = profile['attributes'] as Record<string, unknown> | undefined;
  return attributes?.[name];
}

/**
 * Validates a posted SAML response: the assertion's signature against the configured
 * certificate, its conditions and audience (node-saml), then what node-saml leaves to us: the
 * Destination of the Response and the Recipient of the subject confirmation must be our ACS.
 */
export async function validateSamlResponse(
  settings: SamlSettingsRecord,
  acsUrl: string,
  samlResponse: string,
  expectedRequestId: string,
): Promise<ValidatedSamlResponse> {
  let profile: Profile | null;
  try {
    ({ profile } = await samlClient(settings, acsUrl).validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/audience/i.test(message)) throw new SamlResponseError('wrongAudience', message);
    if (/signature/i.test(message)) throw new SamlResponseError('invalidSignature', message);
    throw new SamlResponseError('invalidResponse', message);
  }
  if (!profile) throw new SamlResponseError('invalidResponse', 'The SAML response carries no assertion');

  const responseTag = /<(?:[A-Za-z_][\w.-]*:)?Response\b[^>]*>/.exec(profile.getSamlResponseXml?.() ?? '')?.[0] ?? '';
  const destination = /\sDestination="([^"]*)"/.exec(responseTag)?.[1];
  if (destination !== acsUrl) throw new SamlResponseError('wrongDestination', `Destination '${destination ?? ''}' is not our ACS`);

  const assertion = (profile.getAssertion?.() as { Assertion?: XmlNode } | undefined)?.Assertion;
  const assertionId = assertion?.$?.['ID'];
  if (!assertion || !assertionId) throw new SamlResponseError('invalidResponse', 'The assertion has no ID');
  const confirmation = first(first(first(assertion, 'Subject'), 'SubjectConfirmation'), 'SubjectConfirmationData');
  const recipient = confirmation?.$?.['Recipient'];
  if (recipient !== undefined && recipient !== acsUrl) {
    throw new SamlResponseError('wrongDestination', `Recipient '${recipient}' is not our ACS`);
  }
  const answersOurRequest =
    profile.inResponseTo === expectedRequestId && (confirmation?.$?.['InResponseTo'] ?? expectedRequestId) === expectedRequestId;

  const candidates = [attributeValues(profile, 'email'), attributeValues(profile, 'mail'), profile.email, profile.mail, profile.nameID];
  const email = candidates
    .flatMap((c) => (Array.isArray(c) ? c : [c]))
    .find((c): c is string => typeof c === 'string' && /^[^@\s]+@[^@\s]+$/.test(c));
  if (!email) throw new SamlResponseError('missingEmail', 'The assertion names no e-mail address');

  const notOnOrAfter = confirmation?.$?.['NotOnOrAfter'] ?? first(assertion, 'Conditions')?.$?.['NotOnOrAfter'];
  const expires = notOnOrAfter ? new Date(notOnOrAfter) : new Date(Date.now() + 3600_000);
  const textValue = (value: unknown) => {
    const v = Array.isArray(value) ? value[0] : value;
    return typeof v === 'string' && v.trim() ? v.trim() : undefined;
  };
  return {
    identity: {
      email,
      emailVerified: undefined,
      firstName: textValue(attributeValues(profile, 'firstName') ?? attributeValues(profile, 'givenName')),
      lastName: textValue(attributeValues(profile, 'lastName') ?? attributeValues(profile, 'surname')),
      groups: groupsOf(attributeValues(profile, settings.groupsAttribute)),
    },
    assertionId,
    answersOurRequest,
    notOnOrAfter: new Date(Math.max(expires.getTime(), Date.now()) + clockSkewMs),
  };
}

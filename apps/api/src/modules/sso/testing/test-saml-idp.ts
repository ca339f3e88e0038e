import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';
import { freePort } from './sso-test-server';

const run = promisify(execFile);

export interface KeyPair {
  privateKey: string;
  certificate: string;
}

/** A fresh RSA key and self-signed certificate, made by the openssl CLI. */
export async function generateSigningKey(commonName: string): Promise<KeyPair> {
  const dir = await mkdtemp(join(tmpdir(), 'terrace-saml-key-'));
  try {
    await run('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '2',
      '-subj', `/CN=${commonName}`,
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ]);
    const [privateKey, certificate] = await Promise.all([readFile(join(dir, 'key.pem'), 'utf8'), readFile(join(dir, 'cert.pem'), 'utf8')]);
    return { privateKey, certificate };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface SamlUser {
  email: string;
  firstName: string;
  lastName: string;
  groups: string[];
}

/** What the IdP puts in its next response; tests change it to produce bad responses. */
export interface ResponseOptions {
  audience?: string;
  /** The Response's Destination (unsigned when only the assertion is signed). */
  destination?: string;
  /** The Recipient of the assertion's subject confirmation (signed). */
  recipient?: string;
  /** Edits the XML after signing (a tampered response). */
  tamper?: (signedXml: string) => string;
  /** Signs with this key instead of the IdP's own. */
  signWith?: KeyPair;
}

export interface IssuedResponse {
  acsUrl: string;
  samlResponse: string;
  relayState: string;
  assertionId: string;
  requestId: string;
}

export interface TestSamlIdp {
  entityId: string;
  entryPointUrl: string;
  key: KeyPair;
  /** The account the IdP signs in as (a real IdP would ask; this one is already signed in). */
  user: SamlUser;
  next: ResponseOptions;
  /** Every response issued, newest last. */
  issued: IssuedResponse[];
  close(): Promise<void>;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function responseXml(o: {
  entityId: string;
  requestId: string;
  destination: string;
  recipient: string;
  audience: string;
  assertionId: string;
  user: SamlUser;
}): string {
  const now = new Date();
  const iso = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();
  const groups = o.user.groups.map((g) => `<saml:AttributeValue>${esc(g)}</saml:AttributeValue>`).join('');
  return (
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ` +
    `ID="_r${randomBytes(16).toString('hex')}" Version="2.0" IssueInstant="${iso(0)}" Destination="${esc(o.destination)}" InResponseTo="${esc(o.requestId)}">` +
    `<saml:Issuer>${esc(o.entityId)}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    `<saml:Assertion ID="${o.assertionId}" Version="2.0" IssueInstant="${iso(0)}">` +
    `<saml:Issuer>${esc(o.entityId)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${esc(o.user.email)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
    `<saml:SubjectConfirmationData NotOnOrAfter="${iso(5 * 60_000)}" Recipient="${esc(o.recipient)}" InResponseTo="${esc(o.requestId)}"/>` +
    `</saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(-60_000)}" NotOnOrAfter="${iso(5 * 60_000)}">` +
    `<saml:AudienceRestriction><saml:Audience>${esc(o.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(0)}" SessionIndex="_s${randomBytes(8).toString('hex')}">` +
    `<saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext>` +
    `</saml:AuthnStatement>` +
    `<saml:AttributeStatement>` +
    `<saml:Attribute Name="email"><saml:AttributeValue>${esc(o.user.email)}</saml:AttributeValue></saml:Attribute>` +
    `<saml:Attribute Name="firstName"><saml:AttributeValue>${esc(o.user.firstName)}</saml:AttributeValue></saml:Attribute>` +
    `<saml:Attribute Name="lastName"><saml:AttributeValue>${esc(o.user.lastName)}</saml:AttributeValue></saml:Attribute>` +
    `<saml:Attribute Name="groups">${groups}</saml:Attribute>` +
    `</saml:AttributeStatement></saml:Assertion></samlp:Response>`
  );
}

/** Signs the assertion (enveloped signature, RSA-SHA256, exclusive C14N) as IdPs do. */
function signAssertion(xml: string, key: KeyPair): string {
  const signer = new SignedXml({
    privateKey: key.privateKey,
    publicCert: key.certificate,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signer.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
  });
  signer.computeSignature(xml, {
    prefix: 'ds',
    location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
  });
  return signer.getSignedXml();
}

/**
 * A small SAML identity provider on loopback: its SSO endpoint reads the AuthnRequest of the
 * HTTP-Redirect binding and answers the HTTP-POST binding's auto-submitting form, with a
 * response whose assertion it signs with its own key.
 */
export async function startTestSamlIdp(user: SamlUser): Promise<TestSamlIdp> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const key = await generateSigningKey('terrace-test-idp');
  const idp: Omit<TestSamlIdp, 'close'> = {
    entityId: `${base}/metadata`,
    entryPointUrl: `${base}/sso`,
    key,
    user,
    next: {},
    issued: [],
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    const encoded = url.searchParams.get('SAMLRequest');
    if (url.pathname !== '/sso' || !encoded) {
      res.writeHead(404).end();
      return;
    }
    const request = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
    const requestId = /\bID="([^"]+)"/.exec(request)?.[1] ?? '';
    const acsUrl = /\bAssertionConsumerServiceURL="([^"]+)"/.exec(request)?.[1] ?? '';
    const spEntityId = /<(?:saml:)?Issuer[^>]*>([^<]+)<\/(?:saml:)?Issuer>/.exec(request)?.[1] ?? '';
    const relayState = url.searchParams.get('RelayState') ?? '';
    const assertionId = `_a${randomBytes(16).toString('hex')}`;
    const options = idp.next;
    let xml = signAssertion(
      responseXml({
        entityId: idp.entityId,
        requestId,
        destination: options.destination ?? acsUrl,
        recipient: options.recipient ?? acsUrl,
        audience: options.audience ?? spEntityId,
        assertionId,
        user: idp.user,
      }),
      options.signWith ?? key,
    );
    if (options.tamper) xml = options.tamper(xml);
    const samlResponse = Buffer.from(xml, 'utf8').toString('base64');
    idp.issued.push({ acsUrl, samlResponse, relayState, assertionId, requestId });
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
      `<!doctype html><html><body onload="document.forms[0].submit()">` +
        `<form method="post" action="${esc(acsUrl)}">` +
        `<input type="hidden" name="SAMLResponse" value="${samlResponse}"/>` +
        `<input type="hidden" name="RelayState" value="${esc(relayState)}"/>` +
        `</form></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return Object.assign(idp, {
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  });
}

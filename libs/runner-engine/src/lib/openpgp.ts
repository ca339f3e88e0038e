import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';

/**
 * Verification of OpenPGP detached signatures (RFC 4880 v4 signatures, RSA keys), enough to check
 * the signed SHA256SUMS of HashiCorp and OpenTofu releases against their pinned keys with
 * node:crypto only. Keys and subkeys of a pinned block are all trusted: the block itself is the
 * trust anchor. Binary and ASCII-armored signatures are accepted.
 */

export class SignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignatureError';
  }
}

interface Packet {
  tag: number;
  body: Buffer;
}

interface PublicKey {
  keyId: string;
  fingerprint: string;
  key: KeyObject;
  modulusBytes: number;
}

/** The payload of an ASCII-armored block (the CRC24 line is checked when present). */
export function dearmor(text: string): Buffer {
  const lines = text.replace(/\r/g, '').split('\n');
  const begin = lines.findIndex((l) => /^-----BEGIN PGP [A-Z ]+-----$/.test(l.trim()));
  const end = lines.findIndex((l) => /^-----END PGP [A-Z ]+-----$/.test(l.trim()));
  if (begin < 0 || end < begin) throw new SignatureError('Not an ASCII-armored OpenPGP block');
  let i = begin + 1;
  // Armor headers (Version: …, Comment: …) end at the first blank line.
  while (i < end && (lines[i] ?? '').trim() !== '' && /^[A-Za-z-]+: /.test(lines[i] ?? '')) i++;
  const body: string[] = [];
  let checksum: string | null = null;
  for (; i < end; i++) {
    const line = (lines[i] ?? '').trim();
    if (line === '') continue;
    if (line.startsWith('=') && line.length === 5) checksum = line.slice(1);
    else body.push(line);
  }
  const data = Buffer.from(body.join(''), 'base64');
  if (checksum !== null) {
    const crc = crc24(data);
    const expected = Buffer.from(checksum, 'base64');
    if (expected.length !== 3 || expected.readUIntBE(0, 3) !== crc) throw new SignatureError('The armored block is damaged (CRC24 mismatch)');
  }
  return data;
}

function crc24(data: Buffer): number {
  let crc = 0xb704ce;
  for (const byte of data) {
    crc ^= byte << 16;
    for (let i = 0; i < 8; i++) {
      crc <<= 1;
      if (crc & 0x1000000) crc ^= 0x1864cfb;
    }
  }
  return crc & 0xffffff;
}

function readPackets(data: Buffer): Packet[] {
  const packets: Packet[] = [];
  let i = 0;
  while (i < data.length) {
    const header = data[i] as number;
    if ((header & 0x80) === 0) throw new SignatureError('Malformed OpenPGP packet');
    let tag: number;
    let length: number;
    i++;
    if (header & 0x40) {
      tag = header & 0x3f;
      const first = data[i] as number;
      if (first < 192) {
        length = first;
        i += 1;
      } else if (first < 224) {
        length = ((first - 192) << 8) + (data[i + 1] as number) + 192;
        i += 2;
      } else if (first === 255) {
        length = data.readUInt32BE(i + 1);
        i += 5;
      } else {
        throw new SignatureError('Partial-length OpenPGP packets are not supported here');
      }
    } else {
      tag = (header >> 2) & 0x0f;
      const lengthType = header & 0x03;
      if (lengthType === 0) {
        length = data[i] as number;
        i += 1;
      } else if (lengthType === 1) {
        length = data.readUInt16BE(i);
        i += 2;
      } else if (lengthType === 2) {
        length = data.readUInt32BE(i);
        i += 4;
      } else {
        length = data.length - i;
      }
    }
    if (i + length > data.length) throw new SignatureError('Truncated OpenPGP packet');
    packets.push({ tag, body: data.subarray(i, i + length) });
    i += length;
  }
  return packets;
}

function readMpi(data: Buffer, offset: number): { value: Buffer; next: number } {
  const bits = data.readUInt16BE(offset);
  const bytes = Math.ceil(bits / 8);
  return { value: data.subarray(offset + 2, offset + 2 + bytes), next: offset + 2 + bytes };
}

const base64url = (b: Buffer) => b.toString('base64url');

/** The RSA keys (primary and subkeys) of an armored or binary public key block. */
export function readPublicKeys(block: string | Buffer): PublicKey[] {
  const data = typeof block === 'string' ? dearmor(block) : block;
  const keys: PublicKey[] = [];
  for (const packet of readPackets(data)) {
    if (packet.tag !== 6 && packet.tag !== 14) continue;
    const body = packet.body;
    if (body[0] !== 4) continue;
    const algorithm = body[5];
    if (algorithm !== 1 && algorithm !== 3) continue; // RSA (encrypt or sign), RSA sign-only
    const n = readMpi(body, 6);
    const e = readMpi(body, n.next);
    const prefix = Buffer.alloc(3);
    prefix[0] = 0x99;
    prefix.writeUInt16BE(body.length, 1);
    const fingerprint = createHash('sha1').update(prefix).update(body).digest('hex').toUpperCase();
    const key = createPublicKey({ key: { kty: 'RSA', n: base64url(n.value), e: base64url(e.value) }, format: 'jwk' });
    keys.push({ keyId: fingerprint.slice(-16), fingerprint, key, modulusBytes: n.value.length });
  }
  if (keys.length === 0) throw new SignatureError('The key block holds no RSA key');
  return keys;
}

const hashNames: Record<number, string> = { 8: 'sha256', 9: 'sha384', 10: 'sha512', 11: 'sha224' };

function subpackets(area: Buffer): { type: number; body: Buffer }[] {
  const list: { type: number; body: Buffer }[] = [];
  let i = 0;
  while (i < area.length) {
    const first = area[i] as number;
    let length: number;
    if (first < 192) {
      length = first;
      i += 1;
    } else if (first < 255) {
      length = ((first - 192) << 8) + (area[i + 1] as number) + 192;
      i += 2;
    } else {
      length = area.readUInt32BE(i + 1);
      i += 5;
    }
    list.push({ type: (area[i] as number) & 0x7f, body: area.subarray(i + 1, i + length) });
    i += length;
  }
  return list;
}

/**
 * Checks a detached signature over `data` against `keys` (armored public key blocks). Returns the
 * signing key's fingerprint; throws SignatureError otherwise.
 */
export function verifyDetachedSignature(data: Buffer, signature: Buffer | string, keys: readonly string[]): { fingerprint: string } {
  const raw = typeof signature === 'string' || signature.subarray(0, 5).toString() === '-----' ? dearmor(signature.toString()) : signature;
  const candidates = keys.flatMap((k) => readPublicKeys(k));
  const signatures = readPackets(raw).filter((p) => p.tag === 2);
  if (signatures.length === 0) throw new SignatureError('The signature file holds no signature');
  const problems: string[] = [];
  for (const { body } of signatures) {
    if (body[0] !== 4) {
      problems.push(`signature version ${body[0]} is not supported`);
      continue;
    }
    const type = body[1] as number;
    const algorithm = body[2] as number;
    const hash = hashNames[body[3] as number];
    const hashedLength = body.readUInt16BE(4);
    const hashed = body.subarray(6, 6 + hashedLength);
    const unhashedLength = body.readUInt16BE(6 + hashedLength);
    const unhashed = body.subarray(8 + hashedLength, 8 + hashedLength + unhashedLength);
    const rest = 8 + hashedLength + unhashedLength;
    const left16 = body.subarray(rest, rest + 2);
    if (algorithm !== 1 && algorithm !== 3) {
      problems.push(`public-key algorithm ${algorithm} is not supported`);
      continue;
    }
    if (!hash) {
      problems.push(`hash algorithm ${body[3]} is not accepted`);
      continue;
    }
    if (type !== 0x00 && type !== 0x01) {
      problems.push(`signature type ${type} is not a document signature`);
      continue;
    }
    const issuers = new Set<string>();
    for (const sp of [...subpackets(hashed), ...subpackets(unhashed)]) {
      if (sp.type === 16) issuers.add(sp.body.toString('hex').toUpperCase());
      if (sp.type === 33) issuers.add(sp.body.subarray(1).toString('hex').toUpperCase().slice(-16));
    }
    const signed = type === 0x01 ? Buffer.from(data.toString('binary').replace(/\r?\n/g, '\r\n'), 'binary') : data;
    const trailer = Buffer.alloc(6);
    trailer[0] = 0x04;
    trailer[1] = 0xff;
    trailer.writeUInt32BE(6 + hashedLength, 2);
    const material = Buffer.concat([signed, body.subarray(0, 6 + hashedLength), trailer]);
    const digest = createHash(hash).update(material).digest();
    if (!digest.subarray(0, 2).equals(left16)) {
      problems.push('the signed data does not match (hash prefix differs)');
      continue;
    }
    const mpi = readMpi(body, rest + 2).value;
    for (const key of candidates.filter((k) => issuers.size === 0 || issuers.has(k.keyId))) {
      const padded = Buffer.concat([Buffer.alloc(Math.max(0, key.modulusBytes - mpi.length)), mpi]);
      if (verify(hash, material, key.key, padded)) return { fingerprint: key.fingerprint };
    }
    problems.push(issuers.size > 0 ? `no trusted key ${[...issuers].join(', ')} verifies it` : 'no trusted key verifies it');
  }
  throw new SignatureError(`The signature is not valid: ${problems.join('; ')}`);
}

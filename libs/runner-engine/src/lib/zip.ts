import { crc32, inflateRawSync } from 'node:zlib';

/**
 * Reads one file out of a zip archive held in memory (the release zips of terraform and tofu hold
 * the binary and a licence): central directory, stored or deflated entries, CRC-32 checked. Names
 * that could escape a directory (absolute, '..') are refused outright.
 */
export class ZipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipError';
  }
}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  crc: number;
  localHeaderOffset: number;
}

export function listZipEntries(zip: Buffer): ZipEntry[] {
  const min = Math.max(0, zip.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = zip.length - 22; i >= min; i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipError('Not a zip archive (no end of central directory)');
  const count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > zip.length || zip.readUInt32LE(offset) !== 0x02014b50) throw new ZipError('Damaged zip central directory');
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const name = zip.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
    if (name.startsWith('/') || name.split(/[\\/]/).includes('..') || /^[A-Za-z]:/.test(name)) {
      throw new ZipError(`The archive holds an unsafe path: ${name}`);
    }
    entries.push({
      name,
      method: zip.readUInt16LE(offset + 10),
      crc: zip.readUInt32LE(offset + 16),
      compressedSize: zip.readUInt32LE(offset + 20),
      size: zip.readUInt32LE(offset + 24),
      localHeaderOffset: zip.readUInt32LE(offset + 42),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

export function readZipEntry(zip: Buffer, name: string): Buffer {
  const entries = listZipEntries(zip);
  const entry = entries.find((e) => e.name === name);
  if (!entry) throw new ZipError(`The archive has no '${name}' (it has: ${entries.map((e) => e.name).join(', ')})`);
  const at = entry.localHeaderOffset;
  if (zip.readUInt32LE(at) !== 0x04034b50) throw new ZipError('Damaged zip local header');
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const raw = zip.subarray(start, start + entry.compressedSize);
  let data: Buffer;
  if (entry.method === 0) data = Buffer.from(raw);
  else if (entry.method === 8) data = inflateRawSync(raw);
  else throw new ZipError(`Compression method ${entry.method} is not supported`);
  if (data.length !== entry.size || crc32(data) >>> 0 !== entry.crc >>> 0) throw new ZipError(`'${name}' is damaged (size or CRC-32 mismatch)`);
  return data;
}

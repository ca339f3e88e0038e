/** What replaces a secret in the log. */
export const MASK = '***';

/** Secrets shorter than this are not masked: masking 'true' or '1' everywhere would ruin logs. */
export const MIN_SECRET_LENGTH = 6;

/**
 * The forms a secret can appear in the output of a tool: as given, base64 (basic auth headers,
 * Kubernetes secrets), URL-encoded (connection strings), and each line of a multi-line secret
 * (a private key printed by a failing command).
 */
export function secretForms(secret: string): string[] {
  const forms = new Set<string>();
  const add = (s: string) => {
    if (s.length >= MIN_SECRET_LENGTH) forms.add(s);
  };
  add(secret);
  add(Buffer.from(secret).toString('base64'));
  add(Buffer.from(secret).toString('base64').replace(/=+$/, ''));
  add(encodeURIComponent(secret));
  for (const line of secret.split(/\r?\n/)) add(line.trim());
  return [...forms];
}

/**
 * Masks secrets in a byte stream that arrives in arbitrary chunks: a secret split across two
 * chunks is still masked, because bytes that could be the start of a secret are held back until
 * the next chunk (or `end`) decides. Longest secrets win where several match at one place.
 */
export class SecretMasker {
  private readonly secrets: Buffer[];
  private readonly byFirstByte = new Map<number, Buffer[]>();
  private pending: Buffer = Buffer.alloc(0);
  private readonly mask = Buffer.from(MASK);

  constructor(secrets: Iterable<string>) {
    const all = new Set<string>();
    for (const s of secrets) for (const form of secretForms(s)) all.add(form);
    this.secrets = [...all].map((s) => Buffer.from(s)).sort((a, b) => b.length - a.length);
    for (const s of this.secrets) {
      const first = s[0] as number;
      const list = this.byFirstByte.get(first) ?? [];
      list.push(s);
      this.byFirstByte.set(first, list);
    }
  }

  get isEmpty(): boolean {
    return this.secrets.length === 0;
  }

  /** Masks what can be decided now; holds back a possible start of a secret. */
  write(chunk: Uint8Array): Buffer {
    if (this.secrets.length === 0) return Buffer.from(chunk);
    const data = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : Buffer.from(chunk);
    return this.scan(data, false);
  }

  /** Everything held back, masked (the stream ended). */
  end(): Buffer {
    const data = this.pending;
    this.pending = Buffer.alloc(0);
    return this.secrets.length === 0 ? data : this.scan(data, true);
  }

  /** Masks a whole string at once (step results, error messages). */
  maskText(text: string): string {
    if (this.secrets.length === 0) return text;
    const saved = this.pending;
    this.pending = Buffer.alloc(0);
    const out = this.scan(Buffer.from(text), true).toString('utf8');
    this.pending = saved;
    return out;
  }

  private scan(data: Buffer, final: boolean): Buffer {
    const out: Buffer[] = [];
    let copyFrom = 0;
    let i = 0;
    while (i < data.length) {
      const candidates = this.byFirstByte.get(data[i] as number);
      if (!candidates) {
        i++;
        continue;
      }
      let matched: Buffer | null = null;
      let partial = false;
      for (const secret of candidates) {
        const available = data.length - i;
        if (available >= secret.length) {
          if (data.compare(secret, 0, secret.length, i, i + secret.length) === 0) {
            matched = secret;
            break;
          }
        } else if (!final && data.compare(secret, 0, available, i, data.length) === 0) {
          // A longer secret may complete in the next chunk: decide then (longest wins).
          partial = true;
          break;
        }
      }
      if (matched) {
        out.push(data.subarray(copyFrom, i), this.mask);
        i += matched.length;
        copyFrom = i;
        continue;
      }
      if (partial) {
        // The rest may be the start of a secret: keep it for the next chunk.
        out.push(data.subarray(copyFrom, i));
        this.pending = Buffer.from(data.subarray(i));
        return Buffer.concat(out);
      }
      i++;
    }
    out.push(data.subarray(copyFrom));
    this.pending = Buffer.alloc(0);
    return Buffer.concat(out);
  }
}

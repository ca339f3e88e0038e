// @ts-check
// Terminal output as terraform writes it: colour codes of its `colorstring` ([reset][bold][green]…),
// diagnostics boxed with ╷ │ ╵ on stderr, and optional chunked writes (TERRACE_STANDIN_CHUNK_BYTES)
// so that a consumer sees a line split across several reads.

const codes = { reset: '\x1b[0m', bold: '\x1b[1m', red: '\x1b[31m', green: '\x1b[32m', yellow: '\x1b[33m', cyan: '\x1b[36m', dim: '\x1b[2m' };

export class Ui {
  /** @param {{ color: boolean }} options */
  constructor(options) {
    this.color = options.color;
    const chunk = Number.parseInt(process.env['TERRACE_STANDIN_CHUNK_BYTES'] ?? '', 10);
    this.chunkBytes = Number.isFinite(chunk) && chunk > 0 ? chunk : 0;
    /** @type {Promise<void>} */
    this.pending = Promise.resolve();
  }

  /** '[bold][green]text[reset]' → ANSI (or nothing with -no-color). */
  c(text) {
    return text.replace(/\[(reset|bold|red|green|yellow|cyan|dim)\]/g, (_, name) => (this.color ? codes[/** @type {keyof typeof codes} */ (name)] : ''));
  }

  /** @param {string} text */
  out(text) {
    this.write(process.stdout, this.c(text));
  }

  /** @param {string} text */
  err(text) {
    this.write(process.stderr, this.c(text));
  }

  /** Machine output (show -json, output -json): never coloured, never chunked by the knob's delays. */
  raw(text) {
    this.write(process.stdout, text);
  }

  /**
   * @param {NodeJS.WriteStream} stream
   * @param {string} text
   */
  write(stream, text) {
    if (this.chunkBytes === 0) {
      this.pending = this.pending.then(() => new Promise((resolve) => stream.write(text, () => resolve())));
      return;
    }
    const bytes = Buffer.from(text);
    for (let i = 0; i < bytes.length; i += this.chunkBytes) {
      const part = bytes.subarray(i, i + this.chunkBytes);
      this.pending = this.pending
        .then(() => new Promise((resolve) => stream.write(part, () => resolve())))
        .then(() => new Promise((resolve) => setTimeout(resolve, 3)));
    }
  }

  /**
   * A diagnostic as terraform prints it.
   * @param {'Error' | 'Warning'} severity
   * @param {string} summary
   * @param {string} [detail]
   */
  diag(severity, summary, detail = '') {
    const colour = severity === 'Error' ? '[red]' : '[yellow]';
    const bar = `${colour}│[reset] `;
    const lines = [`${colour}╷[reset]`, `${bar}[bold]${colour}${severity}: [reset][bold]${summary}[reset]`];
    if (detail) {
      lines.push(`${bar}`);
      for (const line of detail.split('\n')) lines.push(`${bar}${line}`);
    }
    lines.push(`${colour}╵[reset]`);
    const text = `${lines.join('\n')}\n`;
    if (severity === 'Error') this.err(text);
    else this.out(text);
  }

  async flush() {
    await this.pending;
  }
}

/** A translatable text: the console passes it to Lingui's `i18n._`, the server renders the English. */
export interface Message {
  id: string;
  message: string;
  values?: Record<string, string | number>;
}

/** Builds a descriptor with values without losing the literal (extractable) id and message. */
export function withValues(m: Message, values: Record<string, string | number>): Message {
  return { id: m.id, message: m.message, values };
}

/**
 * English interpolation of a descriptor, following the ICU apostrophe rules Lingui compiles with:
 * `''` is one apostrophe and an apostrophe directly before `{` or `}` quotes literal text up to the
 * next single apostrophe. So "For operator ''{op}''" renders "For operator 'lt'", the same as Lingui.
 */
export function renderMessage(m: Message): string {
  const text = m.message;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === "'") {
      const next = text[i + 1];
      if (next === "'") {
        out += "'";
        i += 2;
        continue;
      }
      if (next === '{' || next === '}') {
        let j = i + 1;
        while (j < text.length) {
          if (text[j] === "'" && text[j + 1] === "'") {
            out += "'";
            j += 2;
            continue;
          }
          if (text[j] === "'") break;
          out += text[j];
          j += 1;
        }
        i = j + 1;
        continue;
      }
      out += ch;
      i += 1;
      continue;
    }
    if (ch === '{') {
      const end = text.indexOf('}', i);
      if (end === -1) throw new SyntaxError(`Unclosed placeholder in message ${m.id}`);
      const name = text.slice(i + 1, end).trim();
      const value = m.values?.[name];
      // A missing value shows the placeholder, as Lingui does, so a bug is visible rather than silent.
      out += value === undefined ? `{${name}}` : String(value);
      i = end + 1;
      continue;
    }
    out += ch;
    i += 1;
  }
  return out;
}

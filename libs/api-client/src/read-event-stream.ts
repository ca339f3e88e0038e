/** One server-sent event, as framed by the `event:`, `id:` and `data:` fields of its lines. */
export interface ServerSentEvent {
  /** `message` when the event names no type. */
  event: string;
  /** The `id:` of the event, or the last id seen before it (the value to resume from). */
  id: string | null;
  data: string;
}

export interface EventStreamResult {
  /** False when the connection broke before the server closed the stream. */
  completed: boolean;
  /** The runtime's reason when the connection broke. */
  reason?: string;
  lastEventId: string | null;
}

/**
 * Reads a `text/event-stream` body (run logs and status, `GET /stack/run/{runId}/logs`) with
 * fetch rather than EventSource, which cannot send the bearer token. Follows the framing of the
 * HTML standard: fields per line, events end at a blank line, `:` lines are comments, several
 * `data:` lines join with newlines. Returns how the stream ended and the last id, so the caller can
 * reconnect with `Last-Event-ID`; it never throws for a broken connection.
 */
export async function readEventStream(response: Response, onEvent: (event: ServerSentEvent) => void): Promise<EventStreamResult> {
  let lastEventId: string | null = null;
  let eventType = '';
  let data: string[] = [];
  let hasData = false;

  const dispatch = () => {
    if (hasData) onEvent({ event: eventType || 'message', id: lastEventId, data: data.join('\n') });
    eventType = '';
    data = [];
    hasData = false;
  };
  const handleLine = (line: string) => {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventType = value;
    else if (field === 'data') {
      data.push(value);
      hasData = true;
    } else if (field === 'id' && !value.includes('\0')) lastEventId = value;
  };

  if (!response.body) return { completed: false, reason: 'no body', lastEventId };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      // A trailing \r may be the first half of a \r\n split across reads: hold it back with its line.
      const held = !done && buffer.endsWith('\r') ? '\r' : '';
      const lines = (held ? buffer.slice(0, -1) : buffer).split(/\r\n|\r|\n/);
      buffer = done ? '' : (lines.pop() ?? '') + held;
      for (const line of lines) handleLine(line);
      if (done) break;
    }
  } catch (cause) {
    return { completed: false, reason: cause instanceof Error ? cause.message : String(cause), lastEventId };
  }
  // The standard drops an event that the stream ends in the middle of.
  return { completed: true, lastEventId };
}

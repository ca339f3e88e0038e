import type { MessageDescriptor } from '@lingui/core';
import { httpMessages, serverText } from './http-messages';

/** One `data:` line of the chat stream (schema ChatStreamChunk of the description). */
export interface ChatStreamChunk {
  content?: string;
  done?: boolean;
  error?: string;
  cmAgentInteractionId?: string;
}

export type ChatStreamFailureKind = 'parse' | 'server' | 'connection';

export interface ChatStreamFailure {
  kind: ChatStreamFailureKind;
  title: MessageDescriptor;
  description?: MessageDescriptor;
  /** The raw line (parse), the server's error text (server) or the runtime's reason (connection). */
  detail?: string;
}

export interface ChatStreamHandlers {
  onContent?(content: string, chunk: ChatStreamChunk): void;
  onError?(failure: ChatStreamFailure): void;
  onDone?(final: ChatStreamChunk): void;
}

export interface ChatStreamResult {
  /** Every `content` joined, in order. */
  content: string;
  /** The final `{ done: true }` chunk, if the stream got that far. */
  final: ChatStreamChunk | null;
  failures: ChatStreamFailure[];
}

const DATA_PREFIX = 'data:';

/**
 * Reads the answer of `POST /agent/chat/completion/stream` (spec console-shell §7): each line that
 * starts with `data:` carries a JSON chunk with `content`; a final `{ done: true }` may carry
 * `error` or `cmAgentInteractionId`. A line that is not JSON is reported and skipped, so one bad
 * chunk does not lose the rest of the answer; a broken connection ends the reading.
 */
export async function readChatStream(response: Response, handlers: ChatStreamHandlers = {}): Promise<ChatStreamResult> {
  const result: ChatStreamResult = { content: '', final: null, failures: [] };
  const fail = (failure: ChatStreamFailure) => {
    result.failures.push(failure);
    handlers.onError?.(failure);
  };
  const connectionFailure = (reason: string | undefined): ChatStreamFailure => {
    const text = reason && reason.trim() !== '' ? reason : undefined;
    return {
      kind: 'connection',
      title: httpMessages.streamConnectionError,
      description: text ? { ...httpMessages.streamReason, values: { reason: text } } : httpMessages.streamConnectionFailed,
      detail: text ?? httpMessages.streamConnectionFailed.message,
    };
  };

  const handleLine = (rawLine: string): boolean => {
    const line = rawLine.replace(/\r$/, '');
    if (!line.startsWith(DATA_PREFIX)) return false;
    const payload = line.slice(DATA_PREFIX.length).trim();
    if (payload === '') return false;
    let chunk: ChatStreamChunk;
    try {
      const parsed: unknown = JSON.parse(payload);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new TypeError('not an object');
      chunk = parsed as ChatStreamChunk;
    } catch {
      fail({ kind: 'parse', title: httpMessages.streamParseError, detail: payload });
      return false;
    }
    if (typeof chunk.content === 'string' && chunk.content !== '') {
      result.content += chunk.content;
      handlers.onContent?.(chunk.content, chunk);
    }
    if (chunk.done) {
      result.final = chunk;
      if (typeof chunk.error === 'string' && chunk.error !== '') {
        fail({ kind: 'server', title: serverText(chunk.error), detail: chunk.error });
      }
      handlers.onDone?.(chunk);
      return true;
    }
    return false;
  };

  if (!response.body) {
    fail(connectionFailure(undefined));
    return result;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const lines = buffer.split('\n');
      // The last piece may be half a line; keep it for the next read unless the stream ended.
      buffer = done ? '' : (lines.pop() ?? '');
      for (const line of lines) {
        if (handleLine(line)) {
          await reader.cancel().catch(() => undefined);
          return result;
        }
      }
      if (done) break;
    }
  } catch (cause) {
    fail(connectionFailure(cause instanceof Error ? cause.message : typeof cause === 'string' ? cause : undefined));
    return result;
  }
  if (!result.final) fail(connectionFailure(undefined));
  return result;
}

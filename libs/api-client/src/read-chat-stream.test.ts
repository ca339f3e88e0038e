import { describe, expect, it } from 'vitest';
import { httpMessages } from './http-messages';
import { readChatStream, type ChatStreamFailure } from './read-chat-stream';

/** A real streaming Response whose body delivers the given pieces one read at a time. */
function streamOf(pieces: string[], end: 'close' | Error | 'error-without-reason' = 'close'): Response {
  const encoder = new TextEncoder();
  let index = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = pieces[index++];
      if (piece !== undefined) {
        controller.enqueue(encoder.encode(piece));
        return;
      }
      if (end === 'close') controller.close();
      else if (end === 'error-without-reason') controller.error(undefined);
      else controller.error(end);
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

describe('readChatStream', () => {
  it('joins the content of data lines, even when a line is split across reads', async () => {
    const seen: string[] = [];
    const done: unknown[] = [];
    const result = await readChatStream(
      streamOf(['data: {"content":"Hel', 'lo "}\n', ': comment\n', 'data: {"content":"world"}\r\n', 'data: {"done":true,"cmAgentInteractionId":"int-9"}\n']),
      { onContent: (text) => seen.push(text), onDone: (final) => done.push(final) },
    );
    expect(seen).toEqual(['Hello ', 'world']);
    expect(done).toEqual([{ done: true, cmAgentInteractionId: 'int-9' }]);
    expect(result).toEqual({ content: 'Hello world', final: { done: true, cmAgentInteractionId: 'int-9' }, failures: [] });
  });

  it('handles multi-byte characters split between reads', async () => {
    const bytes = new TextEncoder().encode('data: {"content":"héllo ✓"}\ndata: {"done":true}\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 21));
        controller.enqueue(bytes.slice(21));
        controller.close();
      },
    });
    const result = await readChatStream(new Response(body));
    expect(result.content).toBe('héllo ✓');
  });

  it('reports an unparseable line as "Failed to parse server response" and keeps reading', async () => {
    const errors: ChatStreamFailure[] = [];
    const result = await readChatStream(streamOf(['data: {not json}\n', 'data: {"content":"ok"}\n', 'data: {"done":true}\n']), {
      onError: (failure) => errors.push(failure),
    });
    expect(errors).toEqual([{ kind: 'parse', title: httpMessages.streamParseError, detail: '{not json}' }]);
    expect(result.content).toBe('ok');
    expect(result.final).toEqual({ done: true });
  });

  it('reports the error a final chunk carries', async () => {
    const result = await readChatStream(streamOf(['data: {"content":"x"}\n', 'data: {"done":true,"error":"model overloaded"}\n']));
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]).toMatchObject({ kind: 'server', detail: 'model overloaded' });
    expect(result.failures[0]?.title.values).toEqual({ message: 'model overloaded' });
  });

  it('stops at the final chunk and ignores anything after it', async () => {
    const result = await readChatStream(streamOf(['data: {"done":true}\ndata: {"content":"late"}\n']));
    expect(result.content).toBe('');
  });

  it('reports a broken stream as "Stream Connection Error" with its reason', async () => {
    const result = await readChatStream(streamOf(['data: {"content":"par"}\n'], new Error('socket hang up')));
    expect(result.content).toBe('par');
    expect(result.failures).toEqual([
      {
        kind: 'connection',
        title: httpMessages.streamConnectionError,
        description: { ...httpMessages.streamReason, values: { reason: 'socket hang up' } },
        detail: 'socket hang up',
      },
    ]);
  });

  it('uses "Stream connection failed" when the break has no reason', async () => {
    const result = await readChatStream(streamOf([], 'error-without-reason'));
    expect(result.failures).toEqual([
      { kind: 'connection', title: httpMessages.streamConnectionError, description: httpMessages.streamConnectionFailed, detail: 'Stream connection failed' },
    ]);
  });

  it('treats a stream that ends before the final chunk as broken', async () => {
    const result = await readChatStream(streamOf(['data: {"content":"cut"}\n']));
    expect(result.content).toBe('cut');
    expect(result.failures.map((f) => f.kind)).toEqual(['connection']);
  });

  it('treats a response without a body as broken', async () => {
    const result = await readChatStream(new Response(null));
    expect(result.failures.map((f) => f.kind)).toEqual(['connection']);
  });
});

import type { RunLogLine, RunStatusEvent } from './runs.types';

/** One event of a run's stream as the server writes it (the contract's RunEventStream). */
export type StreamEvent = { event: 'log'; data: RunLogLine } | { event: 'status'; data: RunStatusEvent } | { event: 'end' } | { comment: string };

/**
 * A `text/event-stream` answer in the server's framing (`id` = a log line's seq), for MSW handlers
 * and stories. Each chunk is written as its own read; `hold` keeps the stream open after the last
 * chunk (a live run), `breakAfter` errors it (a dropped connection).
 */
export function eventStreamResponse(chunks: StreamEvent[][], options: { hold?: AbortSignal | true; breakAfter?: boolean } = {}): Response {
  const encoder = new TextEncoder();
  let index = 0;
  const frame = (event: StreamEvent): string => {
    if ('comment' in event) return `: ${event.comment}\n\n`;
    if (event.event === 'end') return 'event: end\ndata: {}\n\n';
    const id = event.event === 'log' ? `id: ${event.data.seq}\n` : '';
    return `event: ${event.event}\n${id}data: ${JSON.stringify(event.data)}\n\n`;
  };
  return new Response(
    new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks[index++];
        if (chunk) {
          controller.enqueue(encoder.encode(chunk.map(frame).join('')));
          return undefined;
        }
        if (options.breakAfter) {
          // A moment later, as a network would: erroring a stream drops what its reader has not read yet.
          return new Promise<void>((resolve) =>
            setTimeout(() => {
              controller.error(new TypeError('network connection lost'));
              resolve();
            }, 20),
          );
        }
        if (!options.hold) {
          controller.close();
          return undefined;
        }
        // A live run: the stream stays open until the reader leaves.
        return new Promise<void>((resolve) => {
          if (options.hold !== true) options.hold?.addEventListener('abort', () => resolve(), { once: true });
        });
      },
    }),
    { headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' } },
  );
}

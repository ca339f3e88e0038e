import { describe, expect, it } from 'vitest';
import { readEventStream, type ServerSentEvent } from './read-event-stream';

function streamOf(pieces: string[], breakWith?: Error): Response {
  const encoder = new TextEncoder();
  let index = 0;
  return new Response(
    new ReadableStream<Uint8Array>({
      pull(controller) {
        const piece = pieces[index++];
        if (piece !== undefined) controller.enqueue(encoder.encode(piece));
        else if (breakWith) controller.error(breakWith);
        else controller.close();
      },
    }),
  );
}

async function collect(response: Response) {
  const events: ServerSentEvent[] = [];
  const result = await readEventStream(response, (event) => events.push(event));
  return { events, result };
}

describe('readEventStream', () => {
  it('frames events by blank lines with their type, id and data, across reads', async () => {
    const { events, result } = await collect(
      streamOf(['event: log\nid: 1\ndata: {"seq":1,', '"text":"init"}\n\n', ': keep-alive\n\n', 'event: status\r\ndata: {"status":"inProgress"}\r\n\r\n']),
    );
    expect(events).toEqual([
      { event: 'log', id: '1', data: '{"seq":1,"text":"init"}' },
      { event: 'status', id: '1', data: '{"status":"inProgress"}' },
    ]);
    expect(result).toEqual({ completed: true, lastEventId: '1' });
  });

  it('does not see an empty line when a \\r\\n is split between reads', async () => {
    const { events } = await collect(streamOf(['data: a\r', '\ndata: b\r\n\r\n']));
    expect(events).toEqual([{ event: 'message', id: null, data: 'a\nb' }]);
  });

  it('joins several data lines with newlines and defaults the type to message', async () => {
    const { events } = await collect(streamOf(['data: first\ndata:second\n\n']));
    expect(events).toEqual([{ event: 'message', id: null, data: 'first\nsecond' }]);
  });

  it('drops an event the stream ends in the middle of', async () => {
    const { events } = await collect(streamOf(['data: complete\n\ndata: cut']));
    expect(events.map((e) => e.data)).toEqual(['complete']);
  });

  it('reports a broken connection with its reason and the id to resume from', async () => {
    const { events, result } = await collect(streamOf(['id: 41\ndata: a\n\n', 'id: 42\ndata: b\n\n'], new Error('socket hang up')));
    expect(events.map((e) => e.id)).toEqual(['41', '42']);
    expect(result).toEqual({ completed: false, reason: 'socket hang up', lastEventId: '42' });
  });
});

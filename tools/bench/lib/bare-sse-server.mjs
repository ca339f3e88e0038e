#!/usr/bin/env node
// The bare SSE server runner-bench.mjs compares Terrace's run log stream with: node:http alone, in
// its own process (as the API is), no database, no authentication. It takes a runner's appends the
// way the API does (POST …/log with `{"entity":{"offset","data":base64}}`; a chunk that arrives
// before the one ahead of it waits for it, answered once stored), keeps the chunks in
// memory, and sends each one, encoded once, to every client following (GET /follow) as the same
// `event: log` frame the API sends; GET /replay sends a client every stored chunk, waiting for the
// client when its socket is full. Prints its port on stdout.
import http from 'node:http';

const chunks = [];
let end = 0;
const followers = new Set();
/** Chunks that arrived before the one ahead of them, by offset, with their answers. */
const early = new Map();

const frameOf = (seq, text) => Buffer.from(`event: log\nid: ${seq}\ndata: ${JSON.stringify({ seq, text })}\n\n`);

function store(data) {
  end += data.length;
  const frame = frameOf(end, data.toString('utf8'));
  chunks.push(frame);
  for (const follower of followers) follower.write(frame);
}

function openStream(res) {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  res.write(': ready\n\n');
}

async function replay(res) {
  for (const frame of chunks) {
    if (!res.write(frame)) await new Promise((resolve) => res.once('drain', resolve));
  }
  res.end('event: end\ndata: {}\n\n');
}

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/follow') {
    openStream(res);
    followers.add(res);
    res.on('close', () => followers.delete(res));
    return;
  }
  if (req.method === 'GET' && req.url === '/replay') {
    openStream(res);
    void replay(res);
    return;
  }
  if (req.method === 'POST' && req.url === '/log') {
    const parts = [];
    req.on('data', (part) => parts.push(part));
    req.on('end', () => {
      const { entity } = JSON.parse(Buffer.concat(parts).toString('utf8'));
      const answer = () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ response: { items: [{ end }] } }));
      };
      if (entity.offset > end) {
        early.set(entity.offset, { data: Buffer.from(entity.data, 'base64'), answer });
        return;
      }
      if (entity.offset === end) store(Buffer.from(entity.data, 'base64'));
      answer();
      for (let next; (next = early.get(end)); ) {
        early.delete(end);
        store(next.data);
        next.answer();
      }
    });
    return;
  }
  if (req.method === 'POST' && req.url === '/reset') {
    chunks.length = 0;
    early.clear();
    end = 0;
    res.end('{}');
    return;
  }
  res.writeHead(404).end();
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => process.exit(0));

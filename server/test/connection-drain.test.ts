import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { trackConnections } from '../src/lib/connection-drain.js';

// The drain closes only connections with no request on them: a connection accepted a moment before
// the listener closed, whose request has not been read yet, is served, never reset.

function serve(handler: http.RequestListener = (_req, res) => res.end('ok')) {
  const server = http.createServer({ keepAliveTimeout: 60_000 }, handler);
  const drain = trackConnections(server, { silentMs: 200 });
  return new Promise<{ server: http.Server; drain: typeof drain; port: number }>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, drain, port: (server.address() as AddressInfo).port })),
  );
}

/** A raw client: the bytes it reads, and whether the server reset or closed it. */
function rawClient(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  const ended = new Promise<'closed' | 'reset'>((resolve) => {
    socket.on('error', () => resolve('reset'));
    socket.on('close', () => resolve('closed'));
  });
  return { socket, ended, received: () => received };
}

const request = 'POST /roll HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}';
const until = async (probe: () => boolean) => {
  while (!probe()) await new Promise((r) => setTimeout(r, 2));
};

describe('trackConnections: a drain that resets no request', () => {
  let server: http.Server | null = null;
  afterEach(() => {
    server?.closeAllConnections();
    server = null;
  });

  it('serves a request sent on a connection accepted before close() but not read yet', async () => {
    const s = await serve();
    server = s.server;
    let accepted = 0;
    s.server.on('connection', () => accepted++);
    const client = rawClient(s.port);
    await until(() => accepted === 1);
    // Node's own close() would destroy this connection now: no request parsed on it, so "idle".
    const closed = new Promise((resolve) => s.server.close(resolve));
    client.socket.write(request);
    await until(() => client.received().endsWith('ok'));
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 OK/);
    // Answered, and at rest afterwards: the sweep closes it, and the server's close completes.
    await s.drain.settled(5);
    expect(await client.ended).toBe('closed');
    await closed;
  });

  it('closes a kept-alive connection at rest and one that stayed silent; leaves one whose request is arriving', async () => {
    const s = await serve();
    server = s.server;
    const accepted: net.Socket[] = [];
    s.server.on('connection', (socket: net.Socket) => accepted.push(socket));
    const agent = new http.Agent({ keepAlive: true });
    const answered = await new Promise<number>((resolve) =>
      http.get({ port: s.port, host: '127.0.0.1', agent, path: '/' }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      }),
    );
    expect(answered).toBe(200);
    const silent = rawClient(s.port);
    const partial = rawClient(s.port);
    partial.socket.write('POST /roll HTTP/1.1\r\nHost: x\r\n');
    // The server has read the partial request's first bytes.
    await until(() => accepted.length === 3 && accepted.some((socket, i) => i > 0 && socket.bytesRead > 0));
    // The kept-alive one is at rest; the silent one not yet (200 ms); the partial one never.
    expect(s.drain.closeAtRest()).toBe(1);
    expect(s.drain.closeAtRest(Date.now() + 250)).toBe(1);
    expect(await silent.ended).toBe('closed');
    expect(s.drain.open()).toBe(1);
    partial.socket.write('Content-Length: 2\r\nConnection: close\r\n\r\n{}');
    expect(await partial.ended).toBe('closed');
    expect(partial.received()).toMatch(/^HTTP\/1\.1 200 OK/);
    await s.drain.settled(5);
    expect(s.drain.open()).toBe(0);
    agent.destroy();
  });

  it('waits for a request in progress and closes its connection once answered', async () => {
    let finish: () => void = () => {};
    const s = await serve((_req, res) => {
      finish = () => res.end('late');
    });
    server = s.server;
    const client = rawClient(s.port);
    client.socket.write(request);
    await until(() => client.received() === '' && s.drain.open() === 1);
    await new Promise((r) => setTimeout(r, 20));
    const closed = new Promise((resolve) => s.server.close(resolve));
    expect(s.drain.closeAtRest(Date.now() + 10_000)).toBe(0);
    finish();
    await s.drain.settled(5);
    await closed;
    expect(client.received()).toMatch(/late$/);
  });
});

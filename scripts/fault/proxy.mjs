// A loopback TCP proxy between a server and its PostgreSQL, so that a fault test can take the database
// away from the server (every open connection reset, new ones refused) and give it back on the same
// address, while the database itself keeps running.
import { createServer, connect } from 'node:net';
import { freePort } from '../lib/project.mjs';

/** @param {{ host: string, port: number }} upstream */
export async function startProxy(upstream) {
  const port = await freePort();
  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set();
  const server = createServer((client) => {
    const remote = connect(upstream.port, upstream.host);
    for (const socket of [client, remote]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        remote.destroy();
      });
    }
    client.pipe(remote);
    remote.pipe(client);
  });
  const listen = () =>
    /** @type {Promise<void>} */ (
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      })
    );
  await listen();
  return {
    port,
    /** Resets every proxied connection and refuses new ones. */
    async cut() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.resetAndDestroy();
      await closed;
    },
    /** Accepts connections again on the same port. */
    restore: listen,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

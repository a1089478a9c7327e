import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** What the drain knows of one accepted connection. */
interface Connection {
  /** Requests whose headers were parsed on it. */
  requests: number;
  /** Requests on it not answered yet. */
  active: number;
  /** socket.bytesRead when its last answer finished (0 before the first): more read means a request is arriving. */
  readAtRest: number;
  acceptedAt: number;
  /** Handed over to WebSocket (upgrade): closed by the WebSocket layer, not here. */
  upgraded: boolean;
}

export interface ConnectionDrain {
  /** Connections still open that the drain waits for (upgraded ones excluded). */
  open(): number;
  /**
   * Closes the connections that hold no request: kept-alive ones at rest (nothing read since their
   * last answer) and accepted ones that stayed silent for `silentMs`. A connection with bytes of a
   * request, parsed or not, is left to be served.
   */
  closeAtRest(now?: number): number;
  /** Resolves once no connection but upgraded ones is open, sweeping every `everyMs`. */
  settled(everyMs?: number): Promise<void>;
}

/**
 * Tracks the server's connections so that a drain closes only those with no request on them, and
 * knows when none is left.
 *
 * After the listener closes, a connection is closed by the drain only at rest: kept-alive with no
 * byte read since its last answer, or accepted and silent for `silentMs`. One whose request is
 * arriving (bytes read, headers not complete yet) or was accepted a moment before the listener
 * closed and has not been read yet is served to the end, its answer carrying `Connection: close`
 * during a drain. `closeIdleConnections` on this server (called by `server.close()` and by
 * Fastify's close) is the same sweep, so no other path closes a connection under a request.
 */
export function trackConnections(server: Server, { silentMs = 1_000 } = {}): ConnectionDrain {
  const connections = new Map<Socket, Connection>();
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { requests: 0, active: 0, readAtRest: 0, acceptedAt: Date.now(), upgraded: false });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const c = connections.get(req.socket);
    if (!c) return;
    c.requests++;
    c.active++;
    res.once('close', () => {
      c.active--;
      c.readAtRest = req.socket.bytesRead;
    });
  });
  server.on('upgrade', (req: IncomingMessage) => {
    const c = connections.get(req.socket);
    if (c) c.upgraded = true;
  });

  const atRest = (socket: Socket, c: Connection, now: number) => {
    if (c.upgraded || c.active > 0 || socket.destroyed) return false;
    if (c.requests === 0) return socket.bytesRead === 0 && now - c.acceptedAt >= silentMs;
    return socket.bytesRead === c.readAtRest;
  };
  const drain: ConnectionDrain = {
    open: () => [...connections].filter(([socket, c]) => !c.upgraded && !socket.destroyed).length,
    closeAtRest(now = Date.now()) {
      let closed = 0;
      for (const [socket, c] of connections) {
        if (atRest(socket, c, now)) {
          socket.destroy();
          closed++;
        }
      }
      return closed;
    },
    settled(everyMs = 25) {
      return new Promise((resolve) => {
        const sweep = () => {
          drain.closeAtRest();
          if (drain.open() === 0) resolve();
          else setTimeout(sweep, everyMs).unref();
        };
        sweep();
      });
    },
  };
  // server.close() calls it (Node 19+), and so does Fastify's close: both get the safe sweep.
  server.closeIdleConnections = () => void drain.closeAtRest();
  return drain;
}

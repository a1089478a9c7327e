import type { FastifyInstance } from 'fastify';
import websocket, { type WebsocketPluginOptions } from '@fastify/websocket';
import type { RawData, WebSocket } from 'ws';
import { WS_LIMITS, WsCloseCode } from '@gogo/shared/api';
import { endpoints } from '@gogo/shared/api/endpoints';
import { realtimeText, serverText } from '@gogo/shared/messages';
import type { Database } from '../../../db/database.js';
import type { BusListener, EventBus } from '../../../db/events.js';
import { AppError } from '../../../lib/errors.js';
import { route } from '../../../lib/route.js';
import type { Clock } from '../../../lib/clock.js';
import { addRuntimeGauges, type Registry } from '../../../lib/metrics.js';
import type { SessionState } from '../../auth/index.js';
import { closeSocket, control, createConnections, DEFAULT_LIMITS, type Connection } from './connections.js';
import { createFanout, VIEW_INTERVAL_MS, type FanoutReads } from './fanout.js';

/** Tests shorten these; production uses the protocol's WS_LIMITS. */
export interface RealtimeTuning {
  heartbeatMs?: number;
  /** The wait for a socket's auth message, and then for the bus to listen (closed with 1013 after it). */
  authTimeoutMs?: number;
  maxPerAccount?: number;
  maxBufferedBytes?: number;
  viewIntervalMs?: number;
}

export interface RealtimeSocketOptions extends RealtimeTuning {
  database: Database;
  reads: FanoutReads;
  sessionState: SessionState;
  clock: Clock;
  /** The app's metrics registry: the sockets open here and the LISTEN connection's state. */
  metrics?: Registry;
}

/** A client needs a ping every heartbeat and one auth: more than this in the window is a flood. */
const MESSAGE_WINDOW_MS = 10_000;
const MAX_MESSAGES_PER_WINDOW = 30;
/** setTimeout's largest delay; a later expiry is re-armed when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function parse(data: RawData, isBinary: boolean): { type: string; [k: string]: unknown } | null {
  if (isBinary) return null;
  try {
    const text = Array.isArray(data) ? Buffer.concat(data).toString() : Buffer.from(data as Buffer).toString();
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || typeof (value as { type?: unknown }).type !== 'string') {
      return null;
    }
    return value as { type: string };
  } catch {
    return null;
  }
}

/**
 * The fan-out's subscription to the bus, held only while sockets are here (from a socket's
 * authentication to its close): on PostgreSQL it holds the LISTEN connection, which costs the
 * database a transaction each time it takes in notifications, for nobody when no socket is open.
 */
function busWhileSockets(bus: EventBus, handle: BusListener) {
  let holders = 0;
  let unsubscribe: (() => void) | null = null;
  let stopped = false;
  const end = () => {
    unsubscribe?.();
    unsubscribe = null;
  };
  return {
    /**
     * 'ready' promises every event committed from then on: the bus must be listening first (on
     * PostgreSQL it opens its LISTEN connection with the first socket). The socket's own timer
     * closes it meanwhile (1013, try again later) if the bus cannot listen in time. False when the
     * socket closed meanwhile.
     */
    async holdUntilListening(socket: WebSocket): Promise<boolean> {
      if (holders++ === 0 && !stopped) unsubscribe = bus.subscribe(handle);
      while (bus.whenListening && bus.listenState?.() === 'down') {
        await bus.whenListening();
        if (socket.readyState !== socket.OPEN) return false;
      }
      return true;
    },
    letGo() {
      if (--holders === 0) end();
    },
    stop() {
      stopped = true;
      end();
    },
  };
}

/** Closes the socket (4401) when its token expires. */
function armExpiry(connection: Connection, clock: Clock, expired: (connection: Connection) => void) {
  const left = (connection.claims.exp ?? 0) * 1000 - clock();
  connection.expiryTimer = setTimeout(
    () => {
      if (clock() < (connection.claims.exp ?? 0) * 1000) return armExpiry(connection, clock, expired);
      expired(connection);
    },
    Math.min(Math.max(left, 0), MAX_TIMER_MS),
  );
  connection.expiryTimer.unref();
}

/** The socket server's options: frame limits, a client's bad frame logged as such, shutdown. */
function websocketOptions(app: FastifyInstance): WebsocketPluginOptions {
  return {
    options: { maxPayload: WS_LIMITS.maxClientMessageBytes, perMessageDeflate: false },
    // A client's bad frame (too large, malformed) is the client's doing: one info line, no stack.
    errorHandler(error, socket, request) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('WS_ERR_')) {
        request.log.info({ code, reason: error.message }, 'websocket closed: the client sent a frame it may not send');
      } else {
        request.log.error({ err: error }, 'websocket failed');
      }
      socket.terminate();
    },
    // Shutdown: every socket is told (1001) and cut if it does not answer; clients reconnect elsewhere.
    preClose(done) {
      for (const socket of app.websocketServer.clients) closeSocket(socket, 1001, realtimeText.shuttingDown);
      done();
    },
  };
}

/**
 * GET /api/ws: the realtime socket (docs/realtime.md). Authenticates with the first message (the
 * checks of the HTTP auth hook, app.authenticateToken), then only pushes: the socket reads nothing
 * but `ping`, so no value can ever change through it.
 */
export async function realtimeSocketRoutes(app: FastifyInstance, opts: RealtimeSocketOptions) {
  const { database, clock, sessionState } = opts;
  const heartbeatMs = opts.heartbeatMs ?? WS_LIMITS.heartbeatMs;
  const authTimeoutMs = opts.authTimeoutMs ?? WS_LIMITS.authTimeoutMs;
  const report = (err: unknown) => app.log.warn({ err }, 'realtime fan-out failed');

  await app.register(websocket, websocketOptions(app));

  const connections = createConnections({
    maxPerAccount: opts.maxPerAccount ?? DEFAULT_LIMITS.maxPerAccount,
    maxBufferedBytes: opts.maxBufferedBytes ?? DEFAULT_LIMITS.maxBufferedBytes,
  });
  const fanout = createFanout({
    connections,
    reads: opts.reads,
    tokenStillValid: (claims) => app.tokenStillValid(claims),
    now: clock,
    onError: report,
    ...(opts.viewIntervalMs === undefined ? {} : { viewIntervalMs: opts.viewIntervalMs }),
  });
  const bus = database.events;
  const subscription = busWhileSockets(bus, fanout.handle);
  if (opts.metrics) {
    addRuntimeGauges(opts.metrics, {
      sockets: () => connections.counts,
      ...(bus.listenState ? { listening: () => bus.listenState?.() !== 'down' } : {}),
    });
  }
  // Presence crosses instances like any event: friends on other instances hear it too.
  connections.setPresenceListener((userId, online) => database.events.publish([{ type: 'presence', userId, online }]));

  const heartbeat = setInterval(() => {
    for (const connection of [...connections.all()]) {
      if (!connection.alive) {
        // No pong since the last ping: the peer is gone (dropped within two heartbeats).
        connections.remove(connection);
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
      // An open board counts as being online (at most one write per player per minute).
      if (connection.role === 'player' && !connection.support) {
        sessionState.touchLastSeen(connection.accountId, clock()).catch(report);
      }
    }
  }, heartbeatMs);
  heartbeat.unref();
  const ticker = setInterval(() => fanout.tick(), opts.viewIntervalMs ?? VIEW_INTERVAL_MS);
  ticker.unref();

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    clearInterval(ticker);
    subscription.stop();
    fanout.stop();
  });

  function onSocket(socket: WebSocket) {
    let connection: Connection | null = null;
    let authenticating = false;
    let holding = false;
    let windowStart = clock();
    let inWindow = 0;
    const sendError = (code: string, message: string) => {
      if (connection) connections.send(connection, control('error', { code, message }, clock()));
    };
    let authTimer = setTimeout(
      () => closeSocket(socket, WsCloseCode.UNAUTHORIZED, realtimeText.authTimeout),
      authTimeoutMs,
    );
    authTimer.unref();

    socket.on('pong', () => {
      if (connection) connection.alive = true;
    });
    socket.on('close', () => {
      clearTimeout(authTimer);
      if (connection) connections.remove(connection);
      if (holding) subscription.letGo();
      holding = false;
    });

    async function authenticate(token: string) {
      let who: Awaited<ReturnType<typeof app.authenticateToken>>;
      try {
        who = await app.authenticateToken(token);
      } catch (err) {
        const reason = err instanceof AppError ? err.message : serverText.invalidToken;
        if (!(err instanceof AppError)) report(err);
        closeSocket(socket, WsCloseCode.UNAUTHORIZED, reason);
        return;
      }
      if (socket.readyState !== socket.OPEN) return;
      // Authenticated; from here the same time bounds the wait for the bus (it may be opening its LISTEN).
      clearTimeout(authTimer);
      authTimer = setTimeout(
        () => closeSocket(socket, WsCloseCode.TRY_AGAIN_LATER, realtimeText.notListening),
        authTimeoutMs,
      );
      authTimer.unref();
      holding = true;
      if (!(await subscription.holdUntilListening(socket))) return;
      clearTimeout(authTimer);
      connection = {
        socket,
        role: who.role,
        accountId: who.accountId,
        claims: who.claims,
        support: who.claims.act !== undefined,
        alive: true,
        expiryTimer: null,
      };
      armExpiry(connection, clock, fanout.unauthorized);
      connections.add(connection);
      const ready = { role: who.role, accountId: who.accountId, heartbeatMs };
      socket.send(JSON.stringify({ type: 'ready', role: who.role, data: ready, at: new Date(clock()).toISOString() }));
      if (who.role === 'player' && !connection.support) {
        sessionState.touchLastSeen(who.accountId, clock()).catch(report);
      }
    }

    socket.on('message', (data, isBinary) => {
      if (connection) connection.alive = true;
      const now = clock();
      if (now - windowStart > MESSAGE_WINDOW_MS) {
        windowStart = now;
        inWindow = 0;
      }
      if (++inWindow > MAX_MESSAGES_PER_WINDOW) {
        closeSocket(socket, WsCloseCode.TOO_MANY_MESSAGES, realtimeText.tooManyMessages);
        return;
      }
      const message = parse(data, isBinary);
      if (!connection) {
        if (authenticating) return; // the auth message is being checked; anything else waits for nothing
        if (message?.type !== 'auth' || typeof message.token !== 'string' || message.token === '') {
          closeSocket(socket, WsCloseCode.UNAUTHORIZED, realtimeText.authFirst);
          return;
        }
        authenticating = true;
        void authenticate(message.token);
        return;
      }
      if (message === null) return sendError('BAD_MESSAGE', realtimeText.badMessage);
      if (message.type === 'ping') return void connections.send(connection, control('pong', {}, now));
      if (message.type === 'auth') return sendError('ALREADY_AUTHENTICATED', realtimeText.alreadyAuthenticated);
      sendError('UNKNOWN_MESSAGE', realtimeText.unknownMessage);
    });
  }

  route(app, endpoints.realtime.socket, {
    // A plain GET (no Upgrade header) gets an answer in the envelope instead of a hanging request.
    handler: async () => {
      throw new AppError(426, 'UPGRADE_REQUIRED', realtimeText.upgradeRequired);
    },
    wsHandler: (socket) => onSocket(socket),
  });
}

import WebSocket from 'ws';
import { Value } from 'typebox/value';
import { SOCKET_PUSHES, type WsServerMessage } from '@gogo/shared/api';

export interface Closed {
  code: number;
  reason: string;
}

/**
 * A WebSocket client for tests: records every message, waits for one of a type, and tells how the
 * server closed it.
 */
export interface SocketClient {
  ws: WebSocket;
  messages: WsServerMessage[];
  /** The next message of that type not yet taken (or already received); rejects after `ms`. */
  next<T extends WsServerMessage['type']>(type: T, ms?: number): Promise<Extract<WsServerMessage, { type: T }>>;
  /** Resolves when the server (or the network) closed the socket. */
  closed: Promise<Closed>;
  isOpen(): boolean;
  send(value: unknown): void;
  close(): void;
  /** Messages of a type received so far. */
  all<T extends WsServerMessage['type']>(type: T): Array<Extract<WsServerMessage, { type: T }>>;
}

/**
 * Why a message breaks its kind's declaration (shared/src/api/socket-pushes.ts), or null: a payload
 * of another shape, or a push sent to a socket of a role the kind is not for.
 */
export function pushBreach(message: WsServerMessage, role: 'player' | 'admin' | null): string | null {
  if (!Object.hasOwn(SOCKET_PUSHES, message.type)) return null;
  const declared = SOCKET_PUSHES[message.type as keyof typeof SOCKET_PUSHES];
  if (!Value.Check(declared.data, message.data)) {
    const errors = [...Value.Errors(declared.data, message.data)].slice(0, 3);
    return `"${message.type}" payload breaks its schema: ${errors.map((e) => `${e.instancePath} ${e.message}`).join('; ')}`;
  }
  if (role && declared.to !== 'both' && declared.to !== role)
    return `"${message.type}" is for ${declared.to} sockets, sent to a ${role}'s`;
  return null;
}

export function connectSocket(url: string, options: WebSocket.ClientOptions = {}): Promise<SocketClient> {
  const ws = new WebSocket(url, options);
  const messages: WsServerMessage[] = [];
  const taken = new Set<WsServerMessage>();
  const waiters: Array<() => void> = [];
  const closed = new Promise<Closed>((resolve) => {
    ws.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const wake of waiters.splice(0)) wake();
    });
  });
  ws.on('error', () => undefined); // a refused or cut connection shows in `closed`
  /** The role the server named in `ready`: what the pushes after it are checked against. */
  let role: 'player' | 'admin' | null = null;
  const breaches = new Map<WsServerMessage, string>();
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as WsServerMessage;
    if (message.type === 'ready') role = message.role;
    const breach = pushBreach(message, role);
    if (breach) breaches.set(message, breach);
    messages.push(message);
    for (const wake of waiters.splice(0)) wake();
  });
  let open = false;
  ws.on('open', () => (open = true));
  ws.on('close', () => (open = false));

  const client: SocketClient = {
    ws,
    messages,
    closed,
    isOpen: () => open && ws.readyState === WebSocket.OPEN,
    send: (value) => ws.send(typeof value === 'string' ? value : JSON.stringify(value)),
    close: () => ws.close(),
    all: (type) => messages.filter((m) => m.type === type) as never,
    next(type, ms = 3000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${type}" message within ${ms} ms`)), ms);
        const look = () => {
          const found = messages.find((m) => m.type === type && !taken.has(m));
          if (found) {
            taken.add(found);
            clearTimeout(timer);
            const breach = breaches.get(found);
            if (breach) reject(new Error(breach));
            else resolve(found as never);
            return;
          }
          if (ws.readyState === WebSocket.CLOSED) {
            clearTimeout(timer);
            void closed.then((c) =>
              reject(new Error(`socket closed (${c.code} ${c.reason}) while waiting for "${type}"`)),
            );
            return;
          }
          waiters.push(look);
        };
        look();
      });
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(client));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** Opens a socket and authenticates it; resolves once `ready` arrived. */
export async function authedSocket(url: string, token: string): Promise<SocketClient> {
  const client = await connectSocket(url);
  client.send({ type: 'auth', token });
  await client.next('ready');
  return client;
}

/** Resolves true when nothing of that type arrives within `ms`. */
export async function silentFor(client: SocketClient, type: WsServerMessage['type'], ms: number): Promise<boolean> {
  const before = client.all(type).length;
  await new Promise((resolve) => setTimeout(resolve, ms));
  return client.all(type).length === before;
}

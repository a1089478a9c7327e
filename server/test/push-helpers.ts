import { createECDH, createDecipheriv, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { EventEmitter } from 'node:events';

/**
 * A push service stand-in for the tests: a real HTTP server on a loopback port that takes what a
 * push service takes (an encrypted body, RFC 8291 aes128gcm, with a VAPID Authorization header),
 * records it, and answers as told per path (201 by default; 410 for an expired subscription; a
 * queue of statuses to play failures). A device is a P-256 key pair and an auth secret the test
 * holds, so that it decrypts what the server sent exactly as a browser would.
 */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  at: number;
}

export interface PushServiceStandIn {
  origin: string;
  received: Received[];
  /** The statuses a path answers next (then 201). */
  answer(path: string, ...statuses: number[]): void;
  /** Resolves with the nth request (1-based) to a path once it has arrived. */
  nth(path: string, n: number): Promise<Received>;
  count(path: string): number;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const received: Received[] = [];
  const scripted = new Map<string, number[]>();
  const events = new EventEmitter();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks), at: performance.now() });
      const status = scripted.get(path)?.shift() ?? 201;
      res.writeHead(status).end();
      events.emit('request', path);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const count = (path: string) => received.filter((r) => r.path === path).length;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answer: (path, ...statuses) => scripted.set(path, statuses),
    count,
    nth: (path, n) =>
      new Promise((resolve) => {
        const check = () => {
          const hits = received.filter((r) => r.path === path);
          if (hits.length >= n) {
            events.off('request', check);
            resolve(hits[n - 1]!);
          }
        };
        events.on('request', check);
        check();
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of one subscription: the keys it generated and the endpoint it was given. */
export interface TestDevice {
  endpoint: string;
  path: string;
  keys: { p256dh: string; auth: string };
  privateKey: Buffer;
  publicKey: Buffer;
  authSecret: Buffer;
}

let deviceCounter = 0;
export function newDevice(service: PushServiceStandIn, name = `device${++deviceCounter}`): TestDevice {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  const path = `/push/${name}-${randomBytes(4).toString('hex')}`;
  return {
    endpoint: `${service.origin}${path}`,
    path,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    privateKey: ecdh.getPrivateKey(),
    publicKey: ecdh.getPublicKey(),
    authSecret,
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/**
 * Decrypts an aes128gcm push message body (RFC 8188 framing, RFC 8291 keys): the header carries the
 * salt, the record size and the sender's ephemeral public key; the key and nonce come from ECDH with
 * the device's private key, mixed with the auth secret through HKDF-SHA-256.
 */
export function decryptPush(device: TestDevice, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(device.privateKey);
  const shared = ecdh.computeSecret(senderPublic);
  // HKDF(auth, ecdh, "WebPush: info" || 0 || ua_public || as_public, 32)
  const prkKey = hmac(device.authSecret, shared);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, senderPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  // HKDF(salt, ikm, ...) for the content key (16 bytes) and the nonce (12 bytes).
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('not a final record');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * Checks the VAPID Authorization header (RFC 8292): "vapid t=<JWT>, k=<public key>", the JWT signed
 * ES256 by that key, for this push service's origin. Answers the key and the JWT's claims.
 */
export function checkVapid(headers: IncomingHttpHeaders, origin: string) {
  const header = String(headers.authorization ?? '');
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud: string;
    sub: string;
    exp: number;
  };
  if (payload.aud !== origin) throw new Error(`VAPID audience ${payload.aud} is not ${origin}`);
  return { publicKey: k, claims: payload };
}

// A small HTTP client for the ops scripts on node:http: a chosen local address (a client other than
// 127.0.0.1 on loopback), a keep-alive agent of the caller's, and the answer's JSON when it has one.
import http from 'node:http';

/**
 * @typedef {{ status: number, headers: import('node:http').IncomingHttpHeaders, text: string, json: any }} Answer
 * @param {string} method @param {string} url
 * @param {{ headers?: Record<string, string>, body?: unknown, localAddress?: string, agent?: http.Agent,
 *   timeoutMs?: number }} [options]
 * @returns {Promise<Answer>}
 */
export function request(method, url, { headers = {}, body, localAddress, agent, timeoutMs = 15_000 } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        localAddress,
        timeout: timeoutMs,
        headers: {
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {
            // not JSON: the caller looks at text
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url}: no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * The value of one sample line of a Prometheus text answer (0 when absent).
 * @param {string} text @param {string} series
 */
export function sample(text, series) {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

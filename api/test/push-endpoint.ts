// A push service for the tests, on 127.0.0.1: it takes what the API posts
// to a subscription's endpoint and, like a browser behind a real push
// service, decrypts it (RFC 8291 / RFC 8188, aes128gcm) and checks its VAPID
// authorization (RFC 8292) — with node:crypto alone, so a mistake web-push and
// the API share could not pass unnoticed. Each browser's endpoint answers as
// the test says: 201, 410, 500 or never.
import {
  createDecipheriv,
  createPublicKey,
  type ECDH,
  hkdfSync,
  verify as verifySignature,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Behaviour = 'accept' | 'gone' | 'fail' | 'hang';

/** A browser as the push service knows it: its keys, as the test made them. */
export interface TestBrowser {
  /** The subscription's P-256 key pair (the private half stays here). */
  ecdh: ECDH;
  /** The 16-byte authentication secret. */
  auth: Buffer;
  behaviour: Behaviour;
}

/** One message as the push service received and read it. */
export interface Received {
  browser: string;
  headers: http.IncomingHttpHeaders;
  /** The decrypted payload, or null when it did not decrypt. */
  plaintext: string | null;
  /** The VAPID claims when the signature checked out. */
  claims: { aud: string; exp: number; sub: string } | null;
  /** The `k=` of the Authorization header: the server's VAPID public key. */
  vapidKey: string | null;
  /** Everything that was not as the RFCs say; empty for a good message. */
  problems: string[];
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/** RFC 8291 §3.4 and RFC 8188 §2: the plaintext of a one-record aes128gcm body. */
export function decrypt(body: Buffer, browser: Pick<TestBrowser, 'ecdh' | 'auth'>): string {
  if (body.length < 21) throw new Error('shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65 || senderPublic[0] !== 4) throw new Error('keyid is not a P-256 point');
  if (record.length > recordSize || record.length < 17) throw new Error('not one record');

  const uaPublic = browser.ecdh.getPublicKey();
  const ecdhSecret = browser.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, browser.auth, keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero or more 0x00.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter (0x02)');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT>, k=<key>`, an ES256 JWT signed by that key, for this origin. */
export function checkVapid(
  authorization: string | undefined,
  audience: string,
  now = Date.now(),
): { claims: Received['claims']; key: string | null; problems: string[] } {
  const problems: string[] = [];
  const match =
    /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/.exec(
      authorization ?? '',
    );
  if (!match) return { claims: null, key: null, problems: ['no vapid Authorization header'] };
  const [, jwt = '', key = ''] = match;
  const [header = '', payload = '', signature = ''] = jwt.split('.');
  const publicKey = Buffer.from(key, 'base64url');
  if (publicKey.length !== 65 || publicKey[0] !== 4) {
    return { claims: null, key, problems: ['k is not a P-256 point'] };
  }
  const verifier = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(publicKey.subarray(1, 33)),
      y: b64url(publicKey.subarray(33, 65)),
    },
    format: 'jwk',
  });
  const signed = verifySignature(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key: verifier, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return { claims: null, key, problems: ['the JWT signature does not verify'] };
  const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string };
  if (head.alg !== 'ES256') problems.push(`alg ${head.alg}`);
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (claims.aud !== audience) problems.push(`aud ${claims.aud}, not ${audience}`);
  const seconds = now / 1000;
  if (!(claims.exp > seconds)) problems.push('exp is past');
  if (!(claims.exp <= seconds + 24 * 3600)) problems.push('exp is more than 24 h ahead');
  if (typeof claims.sub !== 'string' || claims.sub === '') problems.push('no sub');
  return { claims, key, problems };
}

export interface PushEndpoint {
  /** `http://127.0.0.1:<port>`: what PUSH_SERVICES lists in the tests. */
  origin: string;
  /** Makes the endpoint of a browser the push service knows; its answers follow `behaviour`. */
  add(id: string, browser: TestBrowser): string;
  received: Received[];
  close(): Promise<void>;
}

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const browsers = new Map<string, TestBrowser>();
  const received: Received[] = [];
  let origin = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const id = decodeURIComponent((req.url ?? '').replace(/^\/push\//, ''));
      const browser = browsers.get(id);
      if (!browser || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      const body = Buffer.concat(chunks);
      const problems: string[] = [];
      let plaintext: string | null = null;
      try {
        plaintext = decrypt(body, browser);
      } catch (error) {
        problems.push(`decrypt: ${(error as Error).message}`);
      }
      const vapid = checkVapid(req.headers.authorization, origin);
      problems.push(...vapid.problems);
      if (req.headers['content-encoding'] !== 'aes128gcm') problems.push('Content-Encoding');
      if (!/^\d+$/.test(String(req.headers.ttl ?? ''))) problems.push('TTL');
      const topic = String(req.headers.topic ?? '');
      if (!/^[A-Za-z0-9_-]{1,32}$/.test(topic)) problems.push(`Topic ${topic}`);
      if (!['very-low', 'low', 'normal', 'high'].includes(String(req.headers.urgency))) {
        problems.push('Urgency');
      }
      received.push({
        browser: id,
        headers: req.headers,
        plaintext,
        claims: vapid.claims,
        vapidKey: vapid.key,
        problems,
      });
      switch (browser.behaviour) {
        case 'accept':
          res.writeHead(201).end();
          return;
        case 'gone':
          res.writeHead(410).end('push subscription has unsubscribed or expired');
          return;
        case 'fail':
          res.writeHead(500).end('internal error');
          return;
        case 'hang':
          return; // never answers; close() cuts it off
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    add(id, browser) {
      browsers.set(id, browser);
      return `${origin}/push/${encodeURIComponent(id)}`;
    },
    received,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

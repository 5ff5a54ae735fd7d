/**
 * A local stand-in for a browser's push service (issue 46): an HTTPS server (a self-signed
 * certificate made with openssl for 127.0.0.1) that takes what `web-push` POSTs to a
 * subscription's endpoint, and a browser's keys to decrypt it with (RFC 8291, aes128gcm), so a
 * test reads the notification a browser would show.
 */

import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, type ECDH, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A VAPID key pair as `VAPID_PUBLIC_KEY` / `VAPID_PRIVATE_KEY` hold it (base64url). */
export function vapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
  };
}

/** What a browser keeps of its subscription: the private half and the JSON it sends the app. */
export interface FakeBrowser {
  ecdh: ECDH;
  authSecret: Buffer;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The decrypted JSON the service worker would read. */
  message: unknown;
}

export interface PushService {
  /** Trusts this service's certificate: give it to `createWebPushSender`. */
  agent: Agent;
  /** A new browser subscribed at `/<name>` of this service. */
  browser(name: string): FakeBrowser;
  /** The status this service answers a path with (default 201). */
  answer(path: string, status: number): void;
  /** The pushes received so far, in order. */
  received: ReceivedPush[];
  close(): Promise<void>;
}

function selfSigned(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'push-service-'));
  try {
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'],
        ...['-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'],
        ...['-addext', 'subjectAltName=IP:127.0.0.1'],
        ...['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** RFC 8291 + RFC 8188 (one record): the browser's side of Web Push encryption. */
function decrypt(browser: FakeBrowser, body: Buffer): unknown {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = browser.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    browser.ecdh.getPublicKey(),
    serverKey,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 2, then zero padding.
  const end = padded.lastIndexOf(2);
  return JSON.parse(padded.subarray(0, end).toString('utf8'));
}

export async function startPushService(): Promise<PushService> {
  const { key, cert } = selfSigned();
  const browsers = new Map<string, FakeBrowser>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const browser = browsers.get(path);
      received.push({
        path,
        headers: req.headers,
        message: browser ? decrypt(browser, Buffer.concat(chunks)) : null,
      });
      res.writeHead(answers.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: cert });
  return {
    agent,
    received,
    browser(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const path = `/${name}`;
      const browser: FakeBrowser = {
        ecdh,
        authSecret,
        subscription: {
          endpoint: `${origin}${path}`,
          keys: {
            p256dh: ecdh.getPublicKey().toString('base64url'),
            auth: authSecret.toString('base64url'),
          },
        },
      };
      browsers.set(path, browser);
      return browser;
    },
    answer(path, status) {
      answers.set(path, status);
    },
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

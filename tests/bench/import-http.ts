// The Anki import benches' common parts (import-memory.ts, anki-import-speed.ts): the API as
// `npm start` serves it in its own process (import-server.ts), a learner signed up on it, one
// package uploaded through the HTTP route, and the resident memory of the server and of the
// import's reading child read from /proc.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';

export const MB = 1024 * 1024;
export const mb = (bytes: number) => (bytes / MB).toFixed(0);

export function rssOf(pid: number, field = 'VmRSS'): number {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(
      new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'),
    );
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The import's reading children of `pid` (anki/import-child.ts; not embedded PostgreSQL). */
export function importChildren(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return (children ? children.split(/\s+/).map(Number) : []).filter((child) => {
      try {
        return readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('import-child');
      } catch {
        return false;
      }
    });
  } catch {
    return [];
  }
}

/** The RSS of the import's reading children, summed. */
export const childrenRss = (pid: number) =>
  importChildren(pid).reduce((sum, child) => sum + rssOf(child), 0);

/**
 * Samples the RSS of `pid` and of its children until stopped; resolves with the highest figure
 * of the server alone, of its children and of both together.
 */
export function sampler(pid: number) {
  const peak = { server: 0, children: 0, total: 0 };
  const sample = () => {
    const server = rssOf(pid);
    const children = childrenRss(pid);
    peak.server = Math.max(peak.server, server);
    peak.children = Math.max(peak.children, children);
    peak.total = Math.max(peak.total, server + children);
  };
  sample();
  const timer = setInterval(sample, 50);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

export function startServer(env: NodeJS.ProcessEnv = process.env): Promise<{
  pid: number;
  baseUrl: string;
  stop(): Promise<void>;
  gc(): Promise<void>;
  /** The server's `process.memoryUsage()` now (through memory-probe.ts). */
  usage(): Promise<NodeJS.MemoryUsage>;
}> {
  const probe = path.join(import.meta.dirname, 'memory-probe.ts');
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', probe, path.join(import.meta.dirname, 'import-server.ts')],
    { stdio: ['ignore', 'pipe', 'inherit', 'ipc'], env },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.on('exit', (code) => reject(new Error(`import-server exited ${code}`)));
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.startsWith('{"port"'));
      if (!line) return;
      const { port } = JSON.parse(line) as { port: number };
      resolve({
        pid: child.pid as number,
        baseUrl: `http://127.0.0.1:${port}`,
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
        gc: () =>
          new Promise((done) => {
            child.once('message', () => done());
            child.send({ gc: true });
          }),
        usage: () =>
          new Promise((done) => {
            child.once('message', (m) => done((m as { usage: NodeJS.MemoryUsage }).usage));
            child.send({ gc: false });
          }),
      });
    });
  });
}

/** One multipart upload by node:http (undici's 300 s header wait may pass on a long import). */
export function upload(
  baseUrl: string,
  token: string,
  bytes: Buffer,
): Promise<{ status: number; text: string }> {
  const boundary = `bench${Date.now()}${Math.random()}`;
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="bench.apkg"\r\n` +
      'content-type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve) => {
    const req = httpRequest(
      `${baseUrl}/be/api/space-repetition/anki-import/`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + bytes.length + tail.length),
        },
      },
      (answer) => {
        let text = '';
        answer.on('data', (chunk) => {
          text += chunk;
        });
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, text }));
      },
    );
    // A server that answers before reading the whole body (429) may close the socket under us.
    req.on('error', (error) => resolve({ status: 0, text: String(error) }));
    req.write(head);
    req.write(bytes);
    req.end(tail);
  });
}

export async function signUp(baseUrl: string): Promise<string> {
  const post = async (p: string, body: unknown) => {
    const res = await fetch(baseUrl + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Record<string, unknown>;
  };
  const password = 'bench-password';
  await post('/be/api/auth/users/', {
    email: 'import@example.com',
    username: 'import',
    password,
    password2: password,
    timezone: 'UTC',
  });
  const { access } = await post('/be/api/auth/token/', { email: 'import@example.com', password });
  return access as string;
}

export const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

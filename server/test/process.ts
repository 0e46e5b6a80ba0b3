import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { request } from 'undici';
import type { Envelope } from '@agler/contract/types';
import { SERVER_NODE_ARGS } from '../nodeArgs';

/**
 * The server as its own process, for what only a process shows: start-up,
 * signals, kill -9. It runs in a process group of its own (setsid), stopped
 * through the group; it listens on 127.0.0.1 only.
 */

const ROOT = path.resolve(__dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  pid: number;
  url: string;
  /** Everything the process wrote so far. */
  output(): string;
  /** Resolves when the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` to the process group. */
  signal(signal: NodeJS.Signals): void;
};

export const PROCESS_SECRET_KEY = 'process-test-secret-key-of-32-characters-or-more';

/** Starts the server (`node …SERVER_NODE_ARGS server/index.ts`) with `env`; resolves once it says where it listens (or rejects when it ends first). */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, path.join(ROOT, 'server/index.ts')], {
    cwd: ROOT,
    // A SECRET_KEY of the tests' own, which DATABASE_URL needs (a test may set another, or '' for none).
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'silent', SECRET_KEY: PROCESS_SECRET_KEY, ...env, PORT: port },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const started = new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('已启动')) resolve();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then(({ code, signal }) =>
      reject(new Error(`server ended (${code ?? signal}) before it started:\n${output}`)),
    );
  });
  const server: ServerProcess = {
    pid: child.pid!,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    signal(signal) {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // already gone
      }
    },
  };
  try {
    await started;
  } catch (error) {
    server.signal('SIGKILL');
    throw error;
  }
  return server;
}

/** Stops a server politely and waits for it to end. */
export async function stopServer(server: ServerProcess) {
  server.signal('SIGTERM');
  return server.exited;
}

/** One JSON request to a server process; answers the envelope and the response's cookie. */
export async function send<T = unknown>(
  url: string,
  options: { method?: 'GET' | 'POST'; body?: unknown; cookie?: string } = {},
): Promise<{ envelope: Envelope<T>; setCookie?: string }> {
  const response = await request(url, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const setCookie = response.headers['set-cookie'];
  return {
    envelope: (await response.body.json()) as Envelope<T>,
    setCookie: (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0],
  };
}

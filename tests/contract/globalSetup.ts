import { spawn } from 'child_process';
import { mkdtempSync } from 'fs';
import { createServer } from 'net';
import { tmpdir } from 'os';
import path from 'path';
import { DEFAULT_TARGET, INVOKE_TIMEOUT_MS, TARGETS } from './targets';
import type { Running } from './running';
import { setRunning, stopRunning } from './running';

/**
 * Starts the target the suite runs against (tests/contract/targets.ts) unless
 * CONTRACT_BASE_URL names one that is already up, and hands its address to
 * the specs through CONTRACT_BASE_URL (the workers inherit the environment).
 */

const root = path.resolve(__dirname, '../..');
const POLL_MS = 250;

/** A port nobody listens on now, chosen by the system. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Whether `url` answers the JSON envelope. */
async function answersEnvelope(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    const body = (await res.json()) as { code?: unknown };
    return res.status === 200 && typeof body.code === 'number';
  } catch {
    return false;
  }
}

async function waitUntilReady(url: string, running: Running, timeoutMs: number, output: () => string) {
  const started = Date.now();
  for (;;) {
    if (running.exited) throw new Error(`target "${running.name}" exited before it was ready:\n${output()}`);
    if (await answersEnvelope(url)) return;
    if (Date.now() - started > timeoutMs) {
      throw new Error(`target "${running.name}" did not answer ${url} within ${timeoutMs} ms:\n${output()}`);
    }
    await new Promise((resolve) => {
      setTimeout(resolve, POLL_MS);
    });
  }
}

export default async function globalSetup() {
  if (process.env.CONTRACT_BASE_URL) return;
  const name = process.env.CONTRACT_TARGET || DEFAULT_TARGET;
  const target = TARGETS[name];
  if (!target) {
    throw new Error(
      `unknown CONTRACT_TARGET "${name}"; known: ${Object.keys(TARGETS).join(', ')} (add one in tests/contract/targets.ts)`,
    );
  }

  const port = await freePort();
  // The port of the local interface server the real-call specs start: the target may call it.
  const upstreamPort = process.env.CONTRACT_UPSTREAM_PORT || String(await freePort());
  process.env.CONTRACT_UPSTREAM_PORT = upstreamPort;
  const scratch = mkdtempSync(path.join(tmpdir(), `agler-contract-${name}-`));
  const [program, ...args] = target.command;
  const child = spawn(program, args, {
    cwd: root,
    env: {
      ...process.env,
      ...target.env?.(scratch),
      PORT: String(port),
      HOST: '127.0.0.1',
      INVOKE_ALLOW_HOSTS: `127.0.0.1:${upstreamPort}`,
      INVOKE_TIMEOUT_MS: String(INVOKE_TIMEOUT_MS),
    },
    // Its own process group, so that teardown stops the target and everything it started.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const running: Running = { name, pid: child.pid!, scratch, exited: false };
  child.once('exit', () => {
    running.exited = true;
  });
  child.once('error', (error) => {
    output += `\n${error.message}`;
    running.exited = true;
  });
  setRunning(running);

  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  try {
    await waitUntilReady(`${baseUrl}${target.readyPath}`, running, target.startTimeoutMs, () => output);
  } catch (error) {
    await stopRunning();
    throw error;
  }
  process.env.CONTRACT_BASE_URL = baseUrl;
  console.log(`\ncontract suite: target "${name}" at ${baseUrl}, ready in ${Date.now() - started} ms`);
}

import { rmSync } from 'fs';

/**
 * The target globalSetup started, and how it is stopped: by globalTeardown,
 * by globalSetup itself when the target never became ready, and, should jest
 * end without either, when jest's process exits. Jest's documented way
 * between globalSetup and globalTeardown is a global (both run in its main
 * process).
 */
export type Running = { name: string; pid: number; scratch: string; exited: boolean };

const KEY = Symbol.for('agler.contract.running');
const STOP_TIMEOUT_MS = 15_000;

type WithRunning = typeof globalThis & { [KEY]?: Running };

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone already
  }
}

export function setRunning(running: Running) {
  (globalThis as WithRunning)[KEY] = running;
  process.once('exit', () => {
    if (!running.exited) signalGroup(running.pid, 'SIGKILL');
  });
}

/** Stops the running target's whole process group (SIGTERM, then SIGKILL) and removes its scratch directory. */
export async function stopRunning() {
  const running = (globalThis as WithRunning)[KEY];
  if (!running) return;
  (globalThis as WithRunning)[KEY] = undefined;
  signalGroup(running.pid, 'SIGTERM');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (!running.exited && Date.now() < deadline) {
    await new Promise((resolve) => {
      setTimeout(resolve, 100);
    });
  }
  if (!running.exited) signalGroup(running.pid, 'SIGKILL');
  rmSync(running.scratch, { recursive: true, force: true });
}

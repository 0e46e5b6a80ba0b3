/**
 * The target globalSetup started, for globalTeardown. Jest's documented way
 * between the two is a global (both run in its main process).
 */
export type Running = { name: string; pid: number; scratch: string; exited: boolean };

const KEY = Symbol.for('agler.contract.running');

type WithRunning = typeof globalThis & { [KEY]?: Running };

export function setRunning(running: Running | undefined) {
  (globalThis as WithRunning)[KEY] = running;
}

export function getRunning(): Running | undefined {
  return (globalThis as WithRunning)[KEY];
}

import { rmSync } from 'fs';
import { getRunning, setRunning } from './running';

const STOP_TIMEOUT_MS = 15_000;

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone already
  }
}

/** Stops the target globalSetup started (its whole process group) and removes its scratch directory. */
export default async function globalTeardown() {
  const running = getRunning();
  if (!running) return;
  setRunning(undefined);
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

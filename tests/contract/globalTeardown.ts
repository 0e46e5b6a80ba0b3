import { stopRunning } from './running';

/** Stops the target globalSetup started. */
export default async function globalTeardown() {
  await stopRunning();
}

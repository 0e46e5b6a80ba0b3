/**
 * Where the demo platform of this process listens, shared between the mock file that starts it
 * and config/proxy.ts that forwards to it: Umi loads the two with separate module registries, so
 * the address lives on the process's global object.
 */

const ORIGIN = Symbol.for('agler.demoPlatformOrigin');

type WithOrigin = typeof globalThis & { [ORIGIN]?: Promise<string> };

/** The origin the demo platform listens on, once it does; undefined when none was started here. */
export function demoOrigin(): Promise<string> | undefined {
  return (globalThis as WithOrigin)[ORIGIN];
}

/** Starts the demo platform with `start` unless this process has one already. */
export function ensureDemoPlatform(start: () => Promise<string>): Promise<string> {
  const shared = globalThis as WithOrigin;
  shared[ORIGIN] ??= start();
  return shared[ORIGIN];
}

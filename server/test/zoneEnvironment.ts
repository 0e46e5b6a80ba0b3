import { TestEnvironment } from 'jest-environment-node';

/**
 * Node's test environment, plus `setTimeZone(zone)` for tests that must run
 * in several time zones. Inside a test `process.env` is a copy, so setting
 * TZ there changes nothing; this sets it on the worker's own process, which
 * makes Date read the new zone at once. The zone is put back after the file.
 */

declare global {
  /** Sets the process's time zone (an IANA name), or its own again with undefined. */
  // eslint-disable-next-line vars-on-top, no-var
  var setTimeZone: (zone: string | undefined) => void;
}

export default class ZoneEnvironment extends TestEnvironment {
  private readonly zoneBefore = process.env.TZ;

  async setup(): Promise<void> {
    await super.setup();
    const setZone = (zone: string | undefined) => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    };
    this.global.setTimeZone = (zone: string | undefined) => setZone(zone ?? this.zoneBefore);
  }

  async teardown(): Promise<void> {
    if (this.zoneBefore === undefined) delete process.env.TZ;
    else process.env.TZ = this.zoneBefore;
    await super.teardown();
  }
}

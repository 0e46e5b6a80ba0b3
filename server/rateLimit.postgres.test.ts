/**
 * @jest-environment node
 */
import { ADMIN, call, loginAs } from './test/app';
import { answeringDemoGets, SEED_NOW } from './test/database';
import { keyPairOf } from './test/keys';
import { setUpAppsOnPostgres } from './test/appsOnPostgres';
import { postgresAvailable } from './test/postgres';
import { freshNonce, signedHeaders } from './test/sign';

/**
 * A rate limit shared by two apps, each with its own connection pool, on one
 * PostgreSQL database (as two server processes would be): calls sent to
 * either, concurrently and at four times the limit, are answered at the
 * limit's rate. The apps share a clock the test moves, so the result does not
 * depend on how fast this machine can send.
 */

const PUBLIC_URL = 'http://ratelimit-pg.test';
const LIMIT = 50;
const BURST = 50;
const SECONDS = 3;
/** The clock moves this much between rounds of calls. */
const TICK_MS = 20;
/** Calls per round, sent at once, split between the two apps: four times the limit. */
const PER_TICK = (4 * LIMIT * TICK_MS) / 1000;

(postgresAvailable ? describe : describe.skip)('a rate limit across processes on PostgreSQL', () => {
  const clock = { now: SEED_NOW + 86_400_000 };
  const { apps, bases } = setUpAppsOnPostgres(PUBLIC_URL, clock);

  test(`${LIMIT}/s with a burst of ${BURST} holds within 10 % over ${SECONDS} s, whichever app answers`, async () => {
    const [target] = answeringDemoGets();
    // An admin's calls: no quota runs out however many are sent.
    const cookie = await loginAs(apps[0].app, ADMIN);
    const update = { id: target.id, rateLimit: LIMIT, rateBurst: BURST };
    expect(
      await call(apps[0].app, { method: 'POST', url: '/api/interfaceInfo/update', payload: update, cookie }),
    ).toMatchObject({ code: 0 });
    const pair = await keyPairOf(apps[1].app, cookie);
    const path = `/gateway/${target.id}`;

    const counts = { answered: 0, refused: 0, other: 0, byApp: [0, 0] };
    const send = async (which: number) => {
      const headers = signedHeaders(pair, 'GET', path, {
        timestamp: Math.floor(clock.now / 1000),
        nonce: freshNonce(),
      });
      const response = await fetch(`${bases[which]}${path}`, { headers });
      await response.arrayBuffer();
      if (response.status === 200) {
        counts.answered += 1;
        counts.byApp[which] += 1;
      } else if (response.status === 429) counts.refused += 1;
      else counts.other += 1;
    };
    const started = clock.now;
    const ticks = (SECONDS * 1000) / TICK_MS;
    for (let tick = 0; tick < ticks; tick += 1) {
      clock.now = started + tick * TICK_MS;
      await Promise.all(Array.from({ length: PER_TICK }, (_, i) => send(i % 2)));
    }

    const expected = (LIMIT * (ticks - 1) * TICK_MS) / 1000 + BURST;
    expect(counts.other).toBe(0);
    // Well over the limit, so the limit is what is measured.
    expect(counts.answered + counts.refused).toBe(ticks * PER_TICK);
    expect(counts.byApp[0]).toBeGreaterThan(0);
    expect(counts.byApp[1]).toBeGreaterThan(0);
    expect(counts.answered).toBeGreaterThanOrEqual(Math.floor(expected * 0.9));
    expect(counts.answered).toBeLessThanOrEqual(Math.ceil(expected * 1.1));
  }, 120_000);
});

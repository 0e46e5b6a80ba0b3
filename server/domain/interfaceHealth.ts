import { sql } from 'drizzle-orm';
import { HEALTH_REFRESH_MS, HEALTH_WINDOW_HOURS, healthOf } from '@agler/contract/interfaceHealth';
import type { HealthMap, InterfaceHealth } from '@agler/contract/interfaceHealth';
import type { Queryable } from '../db/connect';
import { rowsOf } from '../db/rows';
import { interfaces } from '../db/schema';
import { P95_COLUMN, p95sFor, percentileColumn, usageOf } from './analysis/cells';
import { visibleInterface } from './interfaceInfo';
import { consistently, HOUR_MS, planOf } from './rollup';
import type { SessionUser } from './session';

/**
 * `GET /api/interfaceInfo/health`: the calls of the last HEALTH_WINDOW_HOURS
 * of every interface the caller may see (contract/interfaceHealth.ts), read
 * as the analysis reads them (./analysis/cells.ts: the roll-up and the log's
 * recent calls, nearest-rank percentiles of bucketed latencies).
 */

/** The health of each interface called in the window, by id (deleted ones too: the readers keep those they may see). */
export type HealthFigures = Map<string, InterfaceHealth>;

/** One interface's figures as the query writes them: id, calls, errors, p50, p95. */
type HealthRow = [string, number, number, number, number];

/** Every called interface's health in the window ending at `now`, in one statement. */
export async function healthOfAll(db: Queryable, now: number): Promise<HealthFigures> {
  const rows = await consistently(db, async (until) => {
    const plan = planOf(now - HEALTH_WINDOW_HOURS * HOUR_MS, now, until);
    const [{ figures }] = rowsOf<{ figures: string }>(
      await db.execute(sql`
        WITH ${usageOf(plan, 'distributions')},
        ${p95sFor(sql`usage`)},
        ${p95sFor(sql`usage`, sql`cells`, { percent: 50, prefix: 'p50_' })}
        SELECT coalesce(json_agg(json_build_array(
          u.iid::text, u.calls, u.errors,
          coalesce(${percentileColumn('f50', 'p50')}, u.slowest), coalesce(${P95_COLUMN}, u.slowest)
        )), '[]')::text AS figures
        FROM usage u
        LEFT JOIN floor f ON f.iid = u.iid
        LEFT JOIN p95 p ON p.iid = u.iid
        LEFT JOIN p50_floor f50 ON f50.iid = u.iid
        LEFT JOIN p50 ON p50.iid = u.iid`),
    );
    return JSON.parse(figures) as HealthRow[];
  });
  return new Map(rows.map(([id, calls, errors, p50, p95]) => [id, healthOf(calls, errors, p50, p95)]));
}

/** What an interface without calls in the window answers. */
const NO_CALLS = healthOf(0, 0, 0, 0);

export type HealthCache = { read(user: SessionUser): Promise<HealthMap> };

/**
 * healthOfAll kept for HEALTH_REFRESH_MS, so that the catalogue's cards and
 * every caller share one query a minute; `flush` writes the calls still
 * waiting in the recorder first. A failed read is not kept.
 */
export function createHealthCache({
  db,
  now,
  flush,
}: {
  db: Queryable;
  now: () => number;
  flush: () => Promise<void>;
}): HealthCache {
  let kept: { at: number; figures: Promise<HealthFigures> } | undefined;
  return {
    async read(user) {
      const at = now();
      // A clock moved back (tests) reads afresh too.
      if (!kept || at - kept.at >= HEALTH_REFRESH_MS || at < kept.at) {
        const figures = flush().then(() => healthOfAll(db, at));
        const entry = { at, figures };
        kept = entry;
        figures.catch(() => {
          if (kept === entry) kept = undefined;
        });
      }
      const [figures, visible] = await Promise.all([
        kept.figures,
        // Read at every request, so that an interface taken offline or added is at once as the catalogue shows it.
        db.select({ id: interfaces.id }).from(interfaces).where(visibleInterface(user)),
      ]);
      const answer: HealthMap = {};
      for (const { id } of visible) answer[id] = figures.get(id) ?? NO_CALLS;
      return answer;
    },
  };
}

CREATE TABLE "call_rollup" (
	"span" integer NOT NULL,
	"start" integer NOT NULL,
	"interface_info_id" bigint NOT NULL,
	"calls" bigint NOT NULL,
	"errors" bigint NOT NULL,
	"latencies" integer[] NOT NULL,
	"cumulative" bigint[] NOT NULL,
	"latency_sum" bigint NOT NULL,
	"last_time" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "call_rollup_span_start_interface_info_id_pk" PRIMARY KEY("span","start","interface_info_id")
);
--> statement-breakpoint
CREATE TABLE "call_rollup_all" (
	"span" integer NOT NULL,
	"start" integer NOT NULL,
	"calls" bigint NOT NULL,
	"errors" bigint NOT NULL,
	"latencies" integer[] NOT NULL,
	"cumulative" bigint[] NOT NULL,
	CONSTRAINT "call_rollup_all_span_start_pk" PRIMARY KEY("span","start")
);
--> statement-breakpoint
-- The latency buckets of contract/analysis.ts latencyBucket: exact below 1 s, three significant digits above.
CREATE FUNCTION call_latency_bucket(ms integer) RETURNS integer
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT CASE WHEN ms < 1000 THEN ms ELSE ms - ms % (10 ^ (length(ms::text) - 3))::integer END $$;
--> statement-breakpoint
-- Two latency distributions as one (each: buckets ascending; calls below each bucket, then all calls).
CREATE FUNCTION call_rollup_merge(integer[], bigint[], integer[], bigint[], OUT latencies integer[], OUT cumulative bigint[])
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT array_agg(latency ORDER BY latency), array_prepend(0, array_agg(running ORDER BY latency))::bigint[]
    FROM (
      SELECT latency, sum(sum(calls)) OVER (ORDER BY latency) AS running
      FROM (
        SELECT u.latency, u.upto - u.below AS calls
        FROM unnest($1, $2[2:], $2) AS u(latency, upto, below)
        WHERE u.latency IS NOT NULL
        UNION ALL
        SELECT u.latency, u.upto - u.below
        FROM unnest($3, $4[2:], $4) AS u(latency, upto, below)
        WHERE u.latency IS NOT NULL
      ) AS entries
      GROUP BY latency
    ) AS merged
  $$;
--> statement-breakpoint
-- Adds calls to the roll-up: to their hour and to each block of days that holds them, per interface and for
-- all interfaces. Rows are locked in key order, so writers that add at the same time cannot deadlock.
CREATE FUNCTION call_rollup_add(call_iids bigint[], call_times timestamptz[], call_successes boolean[], call_latencies integer[])
  RETURNS void
  LANGUAGE sql
  AS $$
    INSERT INTO call_rollup AS r (span, start, interface_info_id, calls, errors, latencies, cumulative, latency_sum, last_time)
    SELECT span, start, iid, sum(calls), sum(errors), array_agg(bucket ORDER BY bucket), array_prepend(0, array_agg(running ORDER BY bucket)),
           sum(latency_sum), max(last_time)
    FROM (
      SELECT cells.*, sum(calls) OVER (PARTITION BY span, start, iid ORDER BY bucket) AS running
      FROM (
        SELECT s.span, c.hour - c.hour % s.span AS start, c.iid, call_latency_bucket(c.latency) AS bucket, count(*) AS calls,
               count(*) FILTER (WHERE NOT c.success) AS errors, sum(c.latency) AS latency_sum, max(c.time) AS last_time
        FROM (
          SELECT u.*, floor(extract(epoch FROM u.time) / 3600)::integer AS hour
          FROM unnest(call_iids, call_times, call_successes, call_latencies) AS u(iid, time, success, latency)
        ) AS c
        CROSS JOIN unnest('{1,24,48,96,192,384,768,1536,3072,6144}'::integer[]) AS s(span)
        GROUP BY 1, 2, 3, 4
      ) AS cells
    ) AS cells
    GROUP BY span, start, iid
    ORDER BY span, start, iid
    ON CONFLICT (span, start, interface_info_id) DO UPDATE SET
      calls = r.calls + excluded.calls,
      errors = r.errors + excluded.errors,
      (latencies, cumulative) = (
        SELECT m.latencies, m.cumulative
        FROM call_rollup_merge(r.latencies, r.cumulative, excluded.latencies, excluded.cumulative) AS m
      ),
      latency_sum = r.latency_sum + excluded.latency_sum,
      last_time = greatest(r.last_time, excluded.last_time);

    INSERT INTO call_rollup_all AS r (span, start, calls, errors, latencies, cumulative)
    SELECT span, start, sum(calls), sum(errors), array_agg(bucket ORDER BY bucket), array_prepend(0, array_agg(running ORDER BY bucket))
    FROM (
      SELECT cells.*, sum(calls) OVER (PARTITION BY span, start ORDER BY bucket) AS running
      FROM (
        SELECT s.span, c.hour - c.hour % s.span AS start, call_latency_bucket(c.latency) AS bucket, count(*) AS calls,
               count(*) FILTER (WHERE NOT c.success) AS errors
        FROM (
          SELECT u.*, floor(extract(epoch FROM u.time) / 3600)::integer AS hour
          FROM unnest(call_times, call_successes, call_latencies) AS u(time, success, latency)
        ) AS c
        CROSS JOIN unnest('{1,24,48,96,192,384,768,1536,3072,6144}'::integer[]) AS s(span)
        GROUP BY 1, 2, 3
      ) AS cells
    ) AS cells
    GROUP BY span, start
    ORDER BY span, start
    ON CONFLICT (span, start) DO UPDATE SET
      calls = r.calls + excluded.calls,
      errors = r.errors + excluded.errors,
      (latencies, cumulative) = (
        SELECT m.latencies, m.cumulative
        FROM call_rollup_merge(r.latencies, r.cumulative, excluded.latencies, excluded.cumulative) AS m
      );
  $$;
--> statement-breakpoint
-- The hours of an empty roll-up from the calls in the log in [since, until) (whole hours): the first step of filling it.
CREATE FUNCTION call_rollup_fill_hours(since timestamptz, until timestamptz)
  RETURNS void
  LANGUAGE sql
  AS $$
    INSERT INTO call_rollup (span, start, interface_info_id, calls, errors, latencies, cumulative, latency_sum, last_time)
    SELECT 1, start, iid, sum(calls), sum(errors), array_agg(bucket ORDER BY bucket), array_prepend(0, array_agg(running ORDER BY bucket)),
           sum(latency_sum), max(last_time)
    FROM (
      SELECT cells.*, sum(calls) OVER (PARTITION BY start, iid ORDER BY bucket) AS running
      FROM (
        SELECT floor(extract(epoch FROM time) / 3600)::integer AS start, interface_info_id AS iid,
               call_latency_bucket(latency) AS bucket, count(*) AS calls, count(*) FILTER (WHERE NOT success) AS errors,
               sum(latency) AS latency_sum, max(time) AS last_time
        FROM interface_call
        WHERE time >= since AND time < until
        GROUP BY 1, 2, 3
      ) AS cells
    ) AS cells
    GROUP BY start, iid;

    INSERT INTO call_rollup_all (span, start, calls, errors, latencies, cumulative)
    SELECT 1, start, sum(calls), sum(errors), array_agg(bucket ORDER BY bucket), array_prepend(0, array_agg(running ORDER BY bucket))
    FROM (
      SELECT cells.*, sum(calls) OVER (PARTITION BY start ORDER BY bucket) AS running
      FROM (
        SELECT floor(extract(epoch FROM time) / 3600)::integer AS start, call_latency_bucket(latency) AS bucket,
               count(*) AS calls, count(*) FILTER (WHERE NOT success) AS errors
        FROM interface_call
        WHERE time >= since AND time < until
        GROUP BY 1, 2
      ) AS cells
    ) AS cells
    GROUP BY start;
  $$;
--> statement-breakpoint
-- One level of blocks of an empty roll-up (24, 48, … 6144 hours), from the level below it, filled before.
CREATE FUNCTION call_rollup_fill_level(new_span integer)
  RETURNS void
  LANGUAGE sql
  AS $$
    INSERT INTO call_rollup (span, start, interface_info_id, calls, errors, latencies, cumulative, latency_sum, last_time)
    SELECT new_span, d.start, d.iid, f.calls, f.errors, d.latencies, d.cumulative, f.latency_sum, f.last_time
    FROM (
      SELECT start, iid, array_agg(bucket ORDER BY bucket) AS latencies, array_prepend(0, array_agg(running ORDER BY bucket)) AS cumulative
      FROM (
        SELECT start, iid, bucket, sum(sum(calls)) OVER (PARTITION BY start, iid ORDER BY bucket) AS running
        FROM (
          SELECT r.start - r.start % new_span AS start, r.interface_info_id AS iid, u.bucket, u.upto - u.below AS calls
          FROM call_rollup AS r, unnest(r.latencies, r.cumulative[2:], r.cumulative) AS u(bucket, upto, below)
          WHERE r.span = CASE WHEN new_span = 24 THEN 1 ELSE new_span / 2 END AND u.bucket IS NOT NULL
        ) AS entries
        GROUP BY start, iid, bucket
      ) AS merged
      GROUP BY start, iid
    ) AS d
    JOIN (
      SELECT start - start % new_span AS start, interface_info_id AS iid, sum(calls) AS calls, sum(errors) AS errors,
             sum(latency_sum) AS latency_sum, max(last_time) AS last_time
      FROM call_rollup
      WHERE span = CASE WHEN new_span = 24 THEN 1 ELSE new_span / 2 END
      GROUP BY 1, 2
    ) AS f USING (start, iid);

    INSERT INTO call_rollup_all (span, start, calls, errors, latencies, cumulative)
    SELECT new_span, d.start, f.calls, f.errors, d.latencies, d.cumulative
    FROM (
      SELECT start, array_agg(bucket ORDER BY bucket) AS latencies, array_prepend(0, array_agg(running ORDER BY bucket)) AS cumulative
      FROM (
        SELECT start, bucket, sum(sum(calls)) OVER (PARTITION BY start ORDER BY bucket) AS running
        FROM (
          SELECT r.start - r.start % new_span AS start, u.bucket, u.upto - u.below AS calls
          FROM call_rollup_all AS r, unnest(r.latencies, r.cumulative[2:], r.cumulative) AS u(bucket, upto, below)
          WHERE r.span = CASE WHEN new_span = 24 THEN 1 ELSE new_span / 2 END AND u.bucket IS NOT NULL
        ) AS entries
        GROUP BY start, bucket
      ) AS merged
      GROUP BY start
    ) AS d
    JOIN (
      SELECT start - start % new_span AS start, sum(calls) AS calls, sum(errors) AS errors
      FROM call_rollup_all
      WHERE span = CASE WHEN new_span = 24 THEN 1 ELSE new_span / 2 END
      GROUP BY 1
    ) AS f USING (start);
  $$;
--> statement-breakpoint
-- Part `part` (from 0) of `parts` of the hours from the log's first call to the current hour: the hours of a large log
-- in several statements, each well within a client's time-out.
CREATE FUNCTION call_rollup_fill_hours_part(part integer, parts integer)
  RETURNS void
  LANGUAGE sql
  AS $$
    SELECT call_rollup_fill_hours(
      to_timestamp(3600 * (first + (last - first) * part / parts)),
      to_timestamp(3600 * (first + (last - first) * (part + 1) / parts))
    )
    FROM (
      SELECT floor(extract(epoch FROM min(time)) / 3600)::bigint AS first, floor(extract(epoch FROM now()) / 3600)::bigint AS last
      FROM interface_call
    ) AS log
    WHERE first < last
  $$;
--> statement-breakpoint
-- The calls already in the log, up to the current hour, in parts, then level by level; later calls are read from the
-- log until they are added.
SELECT call_rollup_fill_hours_part(0, 16);
--> statement-breakpoint
SELECT call_rollup_fill_hours_part(1, 16);
--> statement-breakpoint
SELECT call_rollup_fill_hours_part(2, 16);
--> statement-breakpoint
SELECT call_rollup_fill_hours_part(3, 16);
--> statement-breakpoint
SELECT call_rollup_fill_hours_part(4, 16);
--> statement-breakpoint
SELECT call_rollup_fill_hours_part(5, 16);
--> statement-breakpoint
SELECT call_rollup_fill_hours_part(6, 16);
--> statement-breakpoint
SELECT call_rollup_fill_hours_part(7, 16);
--> statement-breakpoint
SELECT call_rollup_fill_hours_part(8, 16);
--> statement-breakpoint
SELECT call_rollup_fill_hours_part(9, 16);
--> statement-breakpoint
SELECT call_rollup_fill_hours_part(10, 16);
--> statement-breakpoint
SELECT call_rollup_fill_hours_part(11, 16);
--> statement-breakpoint
SELECT call_rollup_fill_hours_part(12, 16);
--> statement-breakpoint
SELECT call_rollup_fill_hours_part(13, 16);
--> statement-breakpoint
SELECT call_rollup_fill_hours_part(14, 16);
--> statement-breakpoint
SELECT call_rollup_fill_hours_part(15, 16);
--> statement-breakpoint
SELECT call_rollup_fill_level(24);
--> statement-breakpoint
SELECT call_rollup_fill_level(48);
--> statement-breakpoint
SELECT call_rollup_fill_level(96);
--> statement-breakpoint
SELECT call_rollup_fill_level(192);
--> statement-breakpoint
SELECT call_rollup_fill_level(384);
--> statement-breakpoint
SELECT call_rollup_fill_level(768);
--> statement-breakpoint
SELECT call_rollup_fill_level(1536);
--> statement-breakpoint
SELECT call_rollup_fill_level(3072);
--> statement-breakpoint
SELECT call_rollup_fill_level(6144);
--> statement-breakpoint
-- Made after the rows: far quicker than kept up row by row.
CREATE INDEX "call_rollup_interface_idx" ON "call_rollup" USING btree ("interface_info_id","span","start");
--> statement-breakpoint
INSERT INTO app_meta (key, value) VALUES ('call_rollup_until', (floor(extract(epoch FROM now()) / 3600))::bigint::text)
ON CONFLICT (key) DO UPDATE SET value = excluded.value;

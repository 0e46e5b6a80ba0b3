-- Adds calls to the roll-up: to their hour and to each block of days that holds them, per interface and for
-- all interfaces. Rows are locked in key order, so writers that add at the same time cannot deadlock.
CREATE OR REPLACE FUNCTION call_rollup_add(call_iids bigint[], call_times timestamptz[], call_successes boolean[], call_latencies integer[])
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

-- The hours of an empty roll-up from the calls in the log in [since, until) (whole hours): the first step of filling it.
CREATE OR REPLACE FUNCTION call_rollup_fill_hours(since timestamptz, until timestamptz)
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

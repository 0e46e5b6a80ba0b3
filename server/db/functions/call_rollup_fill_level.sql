-- One level of blocks of an empty roll-up (24, 48, … 6144 hours), from the level below it, filled before.
CREATE OR REPLACE FUNCTION call_rollup_fill_level(new_span integer)
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

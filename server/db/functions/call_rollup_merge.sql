-- Two latency distributions as one (each: buckets ascending; calls below each bucket, then all calls).
CREATE OR REPLACE FUNCTION call_rollup_merge(integer[], bigint[], integer[], bigint[], OUT latencies integer[], OUT cumulative bigint[])
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

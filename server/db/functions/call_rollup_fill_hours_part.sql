-- Part `part` (from 0) of `parts` of the hours from the log's first call to the current hour: the hours of a large log
-- in several statements, each well within a client's time-out.
CREATE OR REPLACE FUNCTION call_rollup_fill_hours_part(part integer, parts integer)
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

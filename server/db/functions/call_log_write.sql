-- A batch of call records in one statement (server/invoke/callLog.ts): under the roll-up's shared lock, the
-- records written, those older than the roll-up added to it, the roll-up's mark answered.
CREATE OR REPLACE FUNCTION call_log_write(p_columns text[], p_rows json, p_lock bigint, p_until_key text)
RETURNS bigint LANGUAGE plpgsql AS $fn$
DECLARE
  v_until bigint;
  v_list text;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(p_lock);
  -- Read after the lock (a statement of its own, so a snapshot of its own): a roll-up that just ended is seen.
  SELECT coalesce((SELECT value::bigint FROM app_meta WHERE key = p_until_key), 0) INTO v_until;
  SELECT string_agg(quote_ident(c), ', ') INTO v_list FROM unnest(p_columns) AS c;
  EXECUTE format(
    'INSERT INTO interface_call (%s) SELECT %s FROM json_populate_recordset(NULL::interface_call, $1)',
    v_list, v_list) USING p_rows;
  PERFORM call_rollup_add(array_agg(r.interface_info_id), array_agg(r.time), array_agg(r.success), array_agg(r.latency))
  FROM json_populate_recordset(NULL::interface_call, p_rows) AS r
  WHERE r.time < to_timestamp(v_until * 3600)
  HAVING count(*) > 0;
  RETURN v_until;
END
$fn$;

-- The latency buckets of contract/analysis.ts latencyBucket: exact below 1 s, three significant digits above.
CREATE OR REPLACE FUNCTION call_latency_bucket(ms integer) RETURNS integer
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT CASE WHEN ms < 1000 THEN ms ELSE ms - ms % (10 ^ (length(ms::text) - 3))::integer END $$;

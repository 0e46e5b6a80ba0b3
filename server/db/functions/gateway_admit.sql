-- The gateway's group commit (server/invoke/admission.ts): a batch of calls' nonces, rate limits and quota units
-- decided in one statement; each group answers its caller's quota total too, for the alerts at 80 % and 100 % used.
CREATE OR REPLACE FUNCTION gateway_admit(
  p_user bigint[], p_iface bigint[], p_key text[], p_nonce text[], p_mode smallint[],
  p_interval float8[], p_tolerance float8[],
  p_now_ms float8, p_nonce_until timestamptz, p_default_quota int
) RETURNS jsonb LANGUAGE plpgsql AS $fn$
DECLARE
  v_used int[];
  v_groups jsonb := '[]'::jsonb;
  g record;
  v_tat float8;
  v_base float8;
  v_passed int;
  v_left int;
  v_granted int;
  v_total bigint;
BEGIN
  WITH calls AS (
    SELECT k, n, (i - 1)::int AS i FROM unnest(p_key, p_nonce) WITH ORDINALITY AS t(k, n, i) WHERE k IS NOT NULL
  ), fresh AS (
    INSERT INTO gateway_nonce (access_key, nonce, expires_at)
    SELECT k, n, p_nonce_until FROM calls ORDER BY k, n
    ON CONFLICT (access_key, nonce) DO UPDATE SET expires_at = excluded.expires_at
      WHERE gateway_nonce.expires_at <= to_timestamp(p_now_ms / 1000)
    RETURNING access_key, nonce
  )
  SELECT coalesce(array_agg(c.i), '{}') INTO v_used FROM calls c
  WHERE NOT EXISTS (SELECT 1 FROM fresh f WHERE f.access_key = c.k AND f.nonce = c.n);

  FOR g IN
    SELECT u, f, max(m)::int AS mode, count(*)::int AS calls, min(iv) AS iv, min(tol) AS tol
    FROM unnest(p_user, p_iface, p_mode, p_interval, p_tolerance) WITH ORDINALITY AS t(u, f, m, iv, tol, i)
    WHERE m > 0 AND NOT ((i - 1)::int = ANY (v_used))
    GROUP BY u, f ORDER BY u, f
  LOOP
    v_passed := g.calls;
    v_base := NULL;
    IF g.iv > 0 THEN
      INSERT INTO rate_limit AS r (user_id, interface_info_id, tat) VALUES (g.u, g.f, p_now_ms)
      ON CONFLICT (user_id, interface_info_id) DO UPDATE SET tat = r.tat
      RETURNING tat INTO v_tat;
      v_base := greatest(v_tat, p_now_ms);
      v_passed := least(g.calls, greatest(0, floor((g.tol - (v_base - p_now_ms)) / g.iv)::int + 1));
      IF v_passed > 0 THEN
        UPDATE rate_limit SET tat = v_base + v_passed * g.iv WHERE user_id = g.u AND interface_info_id = g.f;
      END IF;
    END IF;
    v_granted := v_passed;
    v_left := NULL;
    v_total := NULL;
    IF g.mode = 2 AND v_passed > 0 THEN
      IF p_default_quota > 0 THEN
        INSERT INTO user_interface_info AS q (user_id, interface_info_id, left_num, total_num)
        VALUES (g.u, g.f, p_default_quota, p_default_quota)
        ON CONFLICT (user_id, interface_info_id) DO UPDATE SET left_num = q.left_num
        RETURNING left_num, total_num INTO v_left, v_total;
      ELSE
        SELECT left_num, total_num INTO v_left, v_total FROM user_interface_info
        WHERE user_id = g.u AND interface_info_id = g.f FOR UPDATE;
      END IF;
      v_granted := least(v_passed, coalesce(v_left, 0));
      IF v_granted > 0 THEN
        UPDATE user_interface_info SET left_num = left_num - v_granted
        WHERE user_id = g.u AND interface_info_id = g.f;
      END IF;
      v_left := coalesce(v_left, 0) - v_granted;
    END IF;
    v_groups := v_groups || jsonb_build_array(jsonb_build_array(g.u::text, g.f::text, v_passed, v_granted, v_left, v_base, v_total));
  END LOOP;
  RETURN jsonb_build_object('used', to_jsonb(v_used), 'groups', v_groups);
END
$fn$;

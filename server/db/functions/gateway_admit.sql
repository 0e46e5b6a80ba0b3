-- The gateway's group commit (server/invoke/admission.ts): a batch of calls' nonces, rate limits, plans and quota
-- units decided in one statement. Rows are taken in one order in every process: the nonces, the subscriptions the
-- batch's calls are charged to (by id), the subscriptions it starts (by user and plan), then per caller and interface
-- the rate row and the quota row; a subscription covers several interfaces, so it cannot wait until its group.
-- Each group answers its caller's quota total (for the alerts at 80 % and 100 % used) and its plan: null without
-- one, 'pending' or 'none' (refused: waiting for approval, or the interface needs a subscription), else
-- [subscription id, period, quota (the plan's and the period's top-ups), used after, period end in ms, overage]. p_day_* and p_month_* are the periods
-- holding p_now_ms (server/domain/periods.ts): this function never reads the clock.
CREATE OR REPLACE FUNCTION gateway_admit(
  p_user bigint[], p_iface bigint[], p_key text[], p_nonce text[], p_mode smallint[],
  p_interval float8[], p_tolerance float8[],
  p_now_ms float8, p_nonce_until timestamptz, p_default_quota int,
  p_day_start float8, p_day_end float8, p_month_start float8, p_month_end float8
) RETURNS jsonb LANGUAGE plpgsql AS $fn$
DECLARE
  v_used int[];
  v_groups jsonb := '[]'::jsonb;
  v_changed boolean := false;
  g record;
  s record;
  d record;
  v_tat float8;
  v_base float8;
  v_passed int;
  v_left int;
  v_granted int;
  v_total bigint;
  v_plan jsonb;
  v_sub bigint;
  v_status text;
  v_sub_used int;
  v_end float8;
  v_period text;
  v_quota int;
  v_overage text;
  v_covered int;
  v_now timestamptz := to_timestamp(p_now_ms / 1000);
  -- A subscription covers only its plan's interfaces (a plan's cannot change while subscribed), so a batch whose
  -- interfaces are in no plan needs none of the plan steps.
  v_planned boolean := EXISTS (SELECT 1 FROM plan_interface WHERE interface_info_id = ANY (p_iface));
BEGIN
  WITH calls AS (
    SELECT k, n, (i - 1)::int AS i FROM unnest(p_key, p_nonce) WITH ORDINALITY AS t(k, n, i) WHERE k IS NOT NULL
  ), fresh AS (
    INSERT INTO gateway_nonce (access_key, nonce, expires_at)
    SELECT k, n, p_nonce_until FROM calls ORDER BY k, n
    ON CONFLICT (access_key, nonce) DO UPDATE SET expires_at = excluded.expires_at
      WHERE gateway_nonce.expires_at <= v_now
    RETURNING access_key, nonce
  )
  SELECT coalesce(array_agg(c.i), '{}') INTO v_used FROM calls c
  WHERE NOT EXISTS (SELECT 1 FROM fresh f WHERE f.access_key = c.k AND f.nonce = c.n);

  IF v_planned THEN
    -- The live subscriptions covering the charged calls, locked by id; a period past its end rolls, or the
    -- subscription ends with it when it was cancelled or its plan retired (then its interfaces go on as uncovered).
    FOR s IN
      SELECT sub.id, sub.status, sub.period_end, sub.cancel_at_period_end, p.period, p.retired_at
      FROM subscription sub JOIN plan p ON p.id = sub.plan_id
      WHERE sub.id IN (
        SELECT c.subscription_id FROM subscription_cover c
        JOIN unnest(p_user, p_iface, p_mode) AS t(u, f, m) ON c.user_id = t.u AND c.interface_info_id = t.f
        WHERE t.m = 2)
      ORDER BY sub.id
      FOR UPDATE OF sub
    LOOP
      CONTINUE WHEN s.status <> 'active' OR p_now_ms < extract(epoch FROM s.period_end)::float8 * 1000;
      IF s.cancel_at_period_end OR s.retired_at IS NOT NULL THEN
        UPDATE subscription SET status = 'ended', end_time = coalesce(s.period_end, v_now), update_time = v_now
        WHERE id = s.id;
        DELETE FROM subscription_cover WHERE subscription_id = s.id;
        v_changed := true;
      ELSIF s.period = 'day' THEN
        UPDATE subscription SET period_start = to_timestamp(p_day_start / 1000), period_end = to_timestamp(p_day_end / 1000),
          used = 0, extra = 0 WHERE id = s.id;
      ELSE
        UPDATE subscription SET period_start = to_timestamp(p_month_start / 1000), period_end = to_timestamp(p_month_end / 1000),
          used = 0, extra = 0 WHERE id = s.id;
      END IF;
    END LOOP;

    -- An uncovered call on an interface with a default plan subscribes its caller, unless one of the plan's
    -- interfaces is covered already. A process that subscribed the same caller first wins: its covers stand.
    FOR d IN
      SELECT DISTINCT t.u, pi.plan_id, p.period
      FROM unnest(p_user, p_iface, p_mode) AS t(u, f, m)
      JOIN plan_interface pi ON pi.interface_info_id = t.f AND pi.is_default
      JOIN plan p ON p.id = pi.plan_id AND p.retired_at IS NULL AND p.visibility = 'public' AND NOT p.approval
      WHERE t.m = 2
        AND NOT EXISTS (SELECT 1 FROM plan_interface o JOIN subscription_cover c ON c.interface_info_id = o.interface_info_id
                        WHERE o.plan_id = pi.plan_id AND c.user_id = t.u)
      ORDER BY t.u, pi.plan_id
    LOOP
      INSERT INTO subscription (user_id, plan_id, status, period_start, period_end, used, create_time, update_time)
      VALUES (d.u, d.plan_id, 'active',
        to_timestamp(CASE WHEN d.period = 'day' THEN p_day_start ELSE p_month_start END / 1000),
        to_timestamp(CASE WHEN d.period = 'day' THEN p_day_end ELSE p_month_end END / 1000),
        0, v_now, v_now)
      RETURNING id INTO v_sub;
      INSERT INTO subscription_cover (user_id, interface_info_id, subscription_id)
      SELECT d.u, pi.interface_info_id, v_sub FROM plan_interface pi WHERE pi.plan_id = d.plan_id
      ORDER BY pi.interface_info_id
      ON CONFLICT DO NOTHING;
      GET DIAGNOSTICS v_covered = ROW_COUNT;
      IF v_covered < (SELECT count(*) FROM plan_interface WHERE plan_id = d.plan_id) THEN
        DELETE FROM subscription WHERE id = v_sub;
      ELSE
        v_changed := true;
      END IF;
    END LOOP;
  END IF;

  FOR g IN
    SELECT u, f, max(m)::int AS mode, count(*)::int AS calls, min(iv) AS iv, min(tol) AS tol
    FROM unnest(p_user, p_iface, p_mode, p_interval, p_tolerance) WITH ORDINALITY AS t(u, f, m, iv, tol, i)
    WHERE m > 0 AND NOT ((i - 1)::int = ANY (v_used))
    GROUP BY u, f ORDER BY u, f
  LOOP
    v_plan := NULL;
    v_sub := NULL;
    IF g.mode = 2 AND v_planned THEN
      -- FOR UPDATE: a no-op on the rows locked above, it takes a subscription another process started meanwhile.
      SELECT sub.id, sub.status, sub.used, round(extract(epoch FROM sub.period_end) * 1000)::float8, p.period,
        p.quota + sub.extra, p.overage
      INTO v_sub, v_status, v_sub_used, v_end, v_period, v_quota, v_overage
      FROM subscription_cover c JOIN subscription sub ON sub.id = c.subscription_id JOIN plan p ON p.id = sub.plan_id
      WHERE c.user_id = g.u AND c.interface_info_id = g.f
      FOR UPDATE OF sub;
      IF v_sub IS NOT NULL AND v_status <> 'active' THEN
        v_plan := to_jsonb('pending'::text);
      ELSIF v_sub IS NULL AND EXISTS (SELECT 1 FROM plan_interface pi JOIN plan p ON p.id = pi.plan_id
                                      WHERE pi.interface_info_id = g.f AND p.retired_at IS NULL) THEN
        v_plan := to_jsonb('none'::text);
      END IF;
    END IF;
    IF v_plan IS NOT NULL THEN
      v_groups := v_groups || jsonb_build_array(jsonb_build_array(g.u::text, g.f::text, 0, 0, NULL, NULL, NULL, v_plan));
      CONTINUE;
    END IF;
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
    IF v_sub IS NOT NULL THEN
      v_granted := CASE WHEN v_overage = 'allow' THEN v_passed ELSE least(v_passed, greatest(v_quota - v_sub_used, 0)) END;
      IF v_granted > 0 THEN
        UPDATE subscription SET used = used + v_granted WHERE id = v_sub;
      END IF;
      v_plan := jsonb_build_array(v_sub::text, v_period, v_quota, v_sub_used + v_granted, v_end, v_overage);
    ELSIF g.mode = 2 AND v_passed > 0 THEN
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
    v_groups := v_groups || jsonb_build_array(jsonb_build_array(g.u::text, g.f::text, v_passed, v_granted, v_left, v_base, v_total, v_plan));
  END LOOP;
  IF v_changed THEN
    PERFORM pg_notify('agler_change', 'plans');
  END IF;
  RETURN jsonb_build_object('used', to_jsonb(v_used), 'groups', v_groups, 'plans', v_changed);
END
$fn$;

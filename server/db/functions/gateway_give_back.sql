-- Units given back in one statement, for calls refused before a connection or never answered
-- (server/invoke/admission.ts): to the active subscription covering the caller and interface, else to the quota.
-- The subscriptions are taken by id before the quota rows, as gateway_admit takes them.
CREATE OR REPLACE FUNCTION gateway_give_back(p_user bigint[], p_iface bigint[]) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  g record;
BEGIN
  FOR g IN
    SELECT sub.id, count(*)::int AS n
    FROM unnest(p_user, p_iface) AS t(u, f)
    JOIN subscription_cover c ON c.user_id = t.u AND c.interface_info_id = t.f
    JOIN subscription sub ON sub.id = c.subscription_id AND sub.status = 'active'
    GROUP BY sub.id ORDER BY sub.id
  LOOP
    UPDATE subscription SET used = greatest(used - g.n, 0) WHERE id = g.id;
  END LOOP;
  FOR g IN
    SELECT u, f, count(*)::int AS n FROM unnest(p_user, p_iface) AS t(u, f)
    WHERE NOT EXISTS (SELECT 1 FROM subscription_cover c JOIN subscription sub ON sub.id = c.subscription_id
                      WHERE c.user_id = t.u AND c.interface_info_id = t.f AND sub.status = 'active')
    GROUP BY u, f ORDER BY u, f
  LOOP
    UPDATE user_interface_info SET left_num = least(left_num + g.n, total_num)
    WHERE user_id = g.u AND interface_info_id = g.f;
  END LOOP;
END
$fn$;

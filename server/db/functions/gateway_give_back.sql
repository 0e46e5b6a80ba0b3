-- Quota units given back in one statement, for calls refused before a connection or never answered
-- (server/invoke/admission.ts).
CREATE OR REPLACE FUNCTION gateway_give_back(p_user bigint[], p_iface bigint[]) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  g record;
BEGIN
  FOR g IN
    SELECT u, f, count(*)::int AS n FROM unnest(p_user, p_iface) AS t(u, f) GROUP BY u, f ORDER BY u, f
  LOOP
    UPDATE user_interface_info SET left_num = least(left_num + g.n, total_num)
    WHERE user_id = g.u AND interface_info_id = g.f;
  END LOOP;
END
$fn$;

import { SESSION_PROBE } from '@/requestConfig';
import { getLoginUser } from '@/services/agler/user';

/**
 * The logged-in user, or undefined when there is no session (or it cannot be
 * read). No session is an answer here, not a lost one: the caller decides
 * where to go, and nothing is shown.
 */
export async function fetchLoginUser(): Promise<API.LoginUserVO | undefined> {
  try {
    const res = await getLoginUser(SESSION_PROBE);
    return res.data ?? undefined;
  } catch {
    return undefined;
  }
}

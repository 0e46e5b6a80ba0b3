import { getLoginUser } from '@/services/agler/user';

/** The logged-in user, or undefined when there is no session (or it cannot be read). */
export async function fetchLoginUser(): Promise<API.LoginUserVO | undefined> {
  try {
    const res = await getLoginUser({ skipErrorHandler: true });
    return res.data;
  } catch {
    return undefined;
  }
}

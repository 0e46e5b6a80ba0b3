import { USER_ROLE } from '@/constants';
import type { InitialState } from '@/app';

/** Access rules of the specification (section 6); a banned user gets neither. */
export default function access(initialState: InitialState | undefined) {
  const loginUser = initialState?.loginUser;
  const allowed = !!loginUser && loginUser.userRole !== USER_ROLE.BAN;
  return {
    canUser: allowed,
    canAdmin: allowed && loginUser?.userRole === USER_ROLE.ADMIN,
  };
}

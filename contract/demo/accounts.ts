import { USER_ROLE } from '../constants';
import type { UserRole } from '../constants';

/**
 * The demo accounts every mock and every demo database provides
 * (config/openapi.json), and the ids the demo data uses: 64-bit numbers
 * beyond 2^53, as a snowflake backend hands out.
 */

export type DemoAccount = {
  id: string;
  userAccount: string;
  userPassword: string;
  userName: string;
  userRole: UserRole;
};

export const ADMIN_ID = '1790000000000000001';
export const USER_ID = '1790000000000000002';

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { id: ADMIN_ID, userAccount: 'admin', userPassword: '12345678', userName: '管理员', userRole: USER_ROLE.ADMIN },
  { id: USER_ID, userAccount: 'user', userPassword: '12345678', userName: '普通用户', userRole: USER_ROLE.USER },
];

/** Interface ids count up from here. */
const INTERFACE_ID_BASE = BigInt('1800000000000000000');

/** The id of the `seq`-th interface (from 1). */
export function interfaceIdOf(seq: number): string {
  return (INTERFACE_ID_BASE + BigInt(seq)).toString();
}

/** The sequence number of an interface id made by interfaceIdOf. */
export function interfaceSeqOf(id: string): number {
  return Number(BigInt(id) - INTERFACE_ID_BASE);
}

/** The demo accounts' creation time: a fixed point, so the seed never depends on the current date. */
export const DEMO_ACCOUNT_TIME = Date.UTC(2026, 0, 5, 2, 0, 0);

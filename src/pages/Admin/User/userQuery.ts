import type { UserRole } from '@/constants';
import { USER_ROLE } from '@/constants';
import type { PageView, TableQuery } from '@/utils/listQuery';
import { anyText, oneOf, TABLE_PAGE_SIZES, tableQuery } from '@/utils/listQuery';

/**
 * The user table keeps its search and page in the URL query, as the interface
 * table does (see tableQuery in src/utils/listQuery.ts): these are its fields
 * and defaults. The list has one order (newest first), so no sort goes in.
 */

export const PAGE_SIZE_OPTIONS = TABLE_PAGE_SIZES;

export type UserTableView = PageView;

export const DEFAULT_USER_VIEW: UserTableView = { current: 1, pageSize: PAGE_SIZE_OPTIONS[0] };

const ROLES = Object.values(USER_ROLE);

export function readRole(value: unknown): UserRole | undefined {
  return ROLES.find((role) => role === value);
}

const SEARCH_FIELDS = { searchText: anyText, userRole: oneOf(ROLES) };

export type UserTableQuery = TableQuery<keyof typeof SEARCH_FIELDS, UserTableView>;

export const {
  viewFromQuery: userViewFromQuery,
  queryOf: userQueryOf,
  sameQuery: sameUserQuery,
  syncToUrl: syncUserTableToUrl,
} = tableQuery({ searchFields: SEARCH_FIELDS, defaultView: DEFAULT_USER_VIEW, pageSizes: PAGE_SIZE_OPTIONS });

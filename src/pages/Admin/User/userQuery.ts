import type { UserRole } from '@/constants';
import { USER_ROLE } from '@/constants';
import { DEFAULT_VIEW, syncTableToUrl, viewFromQuery } from '../InterfaceInfo/tableQuery';

/**
 * The user table keeps its search and page in the URL query, as the interface
 * table does (see ../InterfaceInfo/tableQuery.ts, whose page reading and
 * writing this reuses): a reload, the back button or a shared link shows the
 * same users. The list has one order (newest first), so no sort goes in.
 */

/** The search form's fields, which are also their query keys and the list API's parameters. */
export const USER_SEARCH_FIELDS = ['searchText', 'userRole'] as const;
type SearchField = (typeof USER_SEARCH_FIELDS)[number];

export type UserTableView = { current: number; pageSize: number };

export const DEFAULT_USER_VIEW: UserTableView = {
  current: DEFAULT_VIEW.current,
  pageSize: DEFAULT_VIEW.pageSize,
};

const ROLES = Object.values(USER_ROLE);

export function readRole(value: unknown): UserRole | undefined {
  return ROLES.find((role) => role === value);
}

/** A search field's value from the query or the form, or undefined when empty or not one the form offers. */
function readSearchField(field: SearchField, value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (field === 'userRole') return readRole(value);
  return String(value);
}

/** The page a query asks for; defaults for anything missing or unreadable. */
export function userViewFromQuery(search: string): UserTableView {
  const { current, pageSize } = viewFromQuery(search);
  return { current, pageSize };
}

/** What the table last asked the server for, the URL's content. */
export type UserTableQuery = UserTableView & { [field in SearchField]: string | undefined };

/** The query of a request: every search field (undefined when empty, so it also leaves the URL) and the page. */
export function userQueryOf(params: Record<string, unknown>, view: UserTableView): UserTableQuery {
  const search = Object.fromEntries(
    USER_SEARCH_FIELDS.map((field) => [field, readSearchField(field, params[field])]),
  ) as Record<SearchField, string | undefined>;
  return { ...search, ...view };
}

export function sameUserQuery(a: UserTableQuery, b: UserTableQuery): boolean {
  return ([...USER_SEARCH_FIELDS, 'current', 'pageSize'] as const).every((key) => a[key] === b[key]);
}

type QueryValues = Record<string, unknown>;

/**
 * ProTable's `form.syncToUrl`: `get` gives the search form its own fields from
 * the query (with values it offers); `set` writes them and the page, leaving
 * out what is empty or at the default. Keys it does not know are left alone.
 */
export function syncUserTableToUrl(values: QueryValues, type: 'get' | 'set'): QueryValues {
  const result: QueryValues = {};
  for (const field of USER_SEARCH_FIELDS) {
    if (field in values) result[field] = readSearchField(field, values[field]);
  }
  if (type === 'get') return result;
  const page = Object.fromEntries(
    (Object.keys(DEFAULT_USER_VIEW) as (keyof UserTableView)[])
      .filter((key) => key in values)
      .map((key) => [key, values[key]]),
  );
  return { ...result, ...syncTableToUrl(page, 'set') };
}

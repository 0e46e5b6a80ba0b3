import type { SortField, SortOrder } from '@/constants';
import { HTTP_METHODS, INTERFACE_STATUS, PAGE_SIZE_MAX } from '@/constants';
import { LIST_QUERY_KEYS, readInt, readSortField, readSortOrder } from '@/utils/listQuery';

/**
 * The admin table keeps its search form, page and order in the URL query, so
 * a reload, the back button or a shared link shows the same rows. ProTable's
 * `form.syncToUrl` writes and reads the query; this module says what goes in:
 * what the table last requested (passed as the form's `extraUrlParams`, so
 * the URL follows the rows shown), the search fields as typed, the page and
 * order only where they differ from the defaults.
 */

export const PAGE_SIZE_OPTIONS = [10, 20, PAGE_SIZE_MAX] as const;

/** The search form's fields, which are also their query keys. */
export const SEARCH_FIELDS = ['name', 'url', 'method', 'status'] as const;
type SearchField = (typeof SEARCH_FIELDS)[number];

export type TableView = { current: number; pageSize: number; sortField: SortField; sortOrder: SortOrder };

export const DEFAULT_VIEW: TableView = {
  current: 1,
  pageSize: PAGE_SIZE_OPTIONS[0],
  sortField: 'createTime',
  sortOrder: 'descend',
};

const STATUS_VALUES = Object.values(INTERFACE_STATUS).map(String);

/** A search field's value from the query, or undefined when it is not one the form offers. */
function readSearchField(field: SearchField, value: unknown): string | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  if (field === 'method') return HTTP_METHODS.find((method) => method === value);
  if (field === 'status') return STATUS_VALUES.find((status) => status === value);
  return value;
}

/** The page and order a query asks for; defaults for anything missing or unreadable. */
export function viewFromQuery(search: string): TableView {
  const query = new URLSearchParams(search);
  const sortField = readSortField(query.get(LIST_QUERY_KEYS.sortField));
  return {
    current: readInt(query.get(LIST_QUERY_KEYS.current), 1, Number.MAX_SAFE_INTEGER) ?? DEFAULT_VIEW.current,
    pageSize:
      PAGE_SIZE_OPTIONS.find((size) => String(size) === query.get(LIST_QUERY_KEYS.pageSize)) ?? DEFAULT_VIEW.pageSize,
    sortField: sortField ?? DEFAULT_VIEW.sortField,
    sortOrder: (sortField && readSortOrder(query.get(LIST_QUERY_KEYS.sortOrder))) || DEFAULT_VIEW.sortOrder,
  };
}

/** What the table last asked the server for: its search, page and order, the URL's content. */
export type TableQuery = TableView & { [field in SearchField]: string | undefined };

/**
 * The query of a request: every search field (undefined when empty, so it
 * also takes a stale one out of the URL), the page and the order.
 */
export function tableQueryOf(params: Record<string, unknown>, view: TableView): TableQuery {
  const search = Object.fromEntries(
    SEARCH_FIELDS.map((field) => [field, readSearchField(field, params[field] === undefined ? undefined : String(params[field]))]),
  ) as Record<SearchField, string | undefined>;
  return { ...search, ...view };
}

export function sameQuery(a: TableQuery, b: TableQuery): boolean {
  return ([...SEARCH_FIELDS, ...Object.keys(DEFAULT_VIEW)] as (keyof TableQuery)[]).every((key) => a[key] === b[key]);
}

type QueryValues = Record<string, unknown>;

/**
 * ProTable's `form.syncToUrl`: `get` turns the query into the search form's
 * starting values (only fields it has, with values it offers); `set` turns the
 * form's values and the view into query values, undefined (left out) where
 * empty or at the default. Keys it does not know are left as they are.
 */
export function syncTableToUrl(values: QueryValues, type: 'get' | 'set'): QueryValues {
  const result: QueryValues = {};
  for (const field of SEARCH_FIELDS) {
    if (field in values) result[field] = readSearchField(field, values[field] === undefined ? undefined : String(values[field]));
  }
  if (type === 'get') return result;
  for (const key of Object.keys(DEFAULT_VIEW) as (keyof TableView)[]) {
    if (!(key in values)) continue;
    const value = values[key];
    result[key] = value === undefined || String(value) === String(DEFAULT_VIEW[key]) ? undefined : value;
  }
  return result;
}

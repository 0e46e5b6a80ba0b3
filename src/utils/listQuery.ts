import type { SortField, SortOrder } from '@/constants';
import { PAGE_SIZE_MAX, SORT_FIELDS, SORT_ORDERS } from '@/constants';

/**
 * Lists that keep their view in the URL query: reading a page, page size and
 * order back from it (the catalogue and the admin tables), and the admin
 * tables' whole round trip of search form and view (`tableQuery`). Anything
 * unreadable is undefined, so the caller falls back to its default.
 */

/** The list API's own parameter names, used as query keys too. */
export const LIST_QUERY_KEYS = {
  current: 'current',
  pageSize: 'pageSize',
  sortField: 'sortField',
  sortOrder: 'sortOrder',
} as const;

/** A whole number from `min` to `max` as a query writes it. */
export function readInt(text: string | null | undefined, min: number, max: number): number | undefined {
  if (!text || !/^\d{1,9}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
}

export function readSortField(text: string | null | undefined): SortField | undefined {
  return SORT_FIELDS.find((field) => field === text);
}

export function readSortOrder(text: string | null | undefined): SortOrder | undefined {
  return SORT_ORDERS.find((order) => order === text);
}

/** The page sizes the admin tables offer; the first is the default. */
export const TABLE_PAGE_SIZES = [10, 20, PAGE_SIZE_MAX] as const;

/** A table's page, and its order when the list can be sorted. */
export type PageView = { current: number; pageSize: number };
export type SortedView = PageView & { sortField: SortField; sortOrder: SortOrder };

/** Reads a search field's text (never empty) as the form offers it, or undefined when it does not. */
export type FieldReader = (text: string) => string | undefined;

/** Any text: a free-text search field. */
export const anyText: FieldReader = (text) => text;

/** A field whose value is one of `options`, compared as text. */
export const oneOf =
  (options: readonly (string | number)[]): FieldReader =>
  (text) =>
    options.map(String).find((option) => option === text);

export type TableQuerySpec<F extends string, V extends PageView> = {
  /** The search form's fields, which are also their query keys and the list API's parameters. */
  searchFields: Record<F, FieldReader>;
  /** The view a URL that says nothing stands for; a list with an order has `sortField` and `sortOrder` here. */
  defaultView: V;
  pageSizes: readonly number[];
};

/** What a table last asked the server for: its search fields and its view, the URL's content. */
export type TableQuery<F extends string, V extends PageView> = V & Record<F, string | undefined>;

type QueryValues = Record<string, unknown>;

/** A search field's value from a query or the form: undefined when empty or not one the form offers. */
function readField(reader: FieldReader, value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return reader(String(value));
}

/**
 * How an admin table keeps its search form, page and order in the URL query,
 * so a reload, the back button or a shared link shows the same rows.
 * ProTable's `form.syncToUrl` writes and reads the query; this says what goes
 * in: what the table last requested (given as the form's `extraUrlParams`, so
 * the URL follows the rows shown), the search fields as typed, the page and
 * order only where they differ from the defaults.
 */
export function tableQuery<F extends string, V extends PageView>({
  searchFields,
  defaultView,
  pageSizes,
}: TableQuerySpec<F, V>) {
  const fields = Object.keys(searchFields) as F[];
  const viewKeys = Object.keys(defaultView) as (keyof V & string)[];
  const sorted = 'sortField' in defaultView;

  return {
    /** The view a query asks for; defaults for anything missing or unreadable. */
    viewFromQuery(search: string): V {
      const query = new URLSearchParams(search);
      const view: QueryValues = {
        ...defaultView,
        current: readInt(query.get(LIST_QUERY_KEYS.current), 1, Number.MAX_SAFE_INTEGER) ?? defaultView.current,
        pageSize: pageSizes.find((size) => String(size) === query.get(LIST_QUERY_KEYS.pageSize)) ?? defaultView.pageSize,
      };
      if (sorted) {
        // An order without a field of its own is no order.
        const sortField = readSortField(query.get(LIST_QUERY_KEYS.sortField));
        if (sortField) {
          view.sortField = sortField;
          view.sortOrder = readSortOrder(query.get(LIST_QUERY_KEYS.sortOrder)) ?? view.sortOrder;
        }
      }
      return view as V;
    },

    /**
     * The query of a request: every search field (undefined when empty, so it
     * also takes a stale one out of the URL) and the view.
     */
    queryOf(params: QueryValues, view: V): TableQuery<F, V> {
      const search = Object.fromEntries(fields.map((field) => [field, readField(searchFields[field], params[field])]));
      return { ...search, ...view } as TableQuery<F, V>;
    },

    sameQuery(a: TableQuery<F, V>, b: TableQuery<F, V>): boolean {
      return [...fields, ...viewKeys].every((key) => a[key] === b[key]);
    },

    /**
     * ProTable's `form.syncToUrl`: `get` turns the query into the search form's
     * starting values (only its fields, with values it offers); `set` turns the
     * form's values and the view into query values, undefined (left out) where
     * empty or at the default. Keys it does not know are left as they are.
     */
    syncToUrl(values: QueryValues, type: 'get' | 'set'): QueryValues {
      const result: QueryValues = {};
      for (const field of fields) {
        if (field in values) result[field] = readField(searchFields[field], values[field]);
      }
      if (type === 'get') return result;
      for (const key of viewKeys) {
        if (!(key in values)) continue;
        const value = values[key];
        result[key] = value === undefined || String(value) === String(defaultView[key]) ? undefined : value;
      }
      return result;
    },
  };
}

import type { HttpMethod, SortField, SortOrder } from '@/constants';
import { HTTP_METHODS, PAGE_SIZE_MAX, SEARCH_PARAM } from '@/constants';
import { LIST_QUERY_KEYS, readInt, readSortField, readSortOrder } from '@/utils/listQuery';

/**
 * The catalogue's view state lives in the URL query, so a view can be shared
 * and the back button walks through it. This module maps the query to the
 * state and back; defaults are left out of the URL to keep it clean, and
 * anything unreadable falls back to its default.
 */

export type CatalogueQuery = {
  searchText: string;
  method?: HttpMethod;
  sortField: SortField;
  sortOrder: SortOrder;
  current: number;
  pageSize: number;
};

export const CATALOGUE_QUERY_KEYS = {
  ...LIST_QUERY_KEYS,
  searchText: SEARCH_PARAM,
  method: 'method',
} as const;

export const PAGE_SIZE_OPTIONS = [12, 24, 48] as const;

/** The order each field reads best in: newest first for times, A to Z for names. */
export const DEFAULT_SORT_ORDER: Record<SortField, SortOrder> = {
  createTime: 'descend',
  updateTime: 'descend',
  name: 'ascend',
};

export const DEFAULT_QUERY: CatalogueQuery = {
  searchText: '',
  method: undefined,
  sortField: 'createTime',
  sortOrder: DEFAULT_SORT_ORDER.createTime,
  current: 1,
  pageSize: PAGE_SIZE_OPTIONS[0],
};

export function parseQuery(params: URLSearchParams): CatalogueQuery {
  const method = params.get(CATALOGUE_QUERY_KEYS.method)?.toUpperCase();
  const field = readSortField(params.get(CATALOGUE_QUERY_KEYS.sortField)) ?? DEFAULT_QUERY.sortField;
  return {
    searchText: (params.get(CATALOGUE_QUERY_KEYS.searchText) ?? '').trim(),
    method: HTTP_METHODS.includes(method as HttpMethod) ? (method as HttpMethod) : undefined,
    sortField: field,
    sortOrder: readSortOrder(params.get(CATALOGUE_QUERY_KEYS.sortOrder)) ?? DEFAULT_SORT_ORDER[field],
    current: readInt(params.get(CATALOGUE_QUERY_KEYS.current), 1, Number.MAX_SAFE_INTEGER) ?? DEFAULT_QUERY.current,
    pageSize: readInt(params.get(CATALOGUE_QUERY_KEYS.pageSize), 1, PAGE_SIZE_MAX) ?? DEFAULT_QUERY.pageSize,
  };
}

/** The query text of a state (with its leading `?`), or '' when everything is at its default. */
export function toSearch(query: CatalogueQuery): string {
  const params = new URLSearchParams();
  const searchText = query.searchText.trim();
  if (searchText) params.set(CATALOGUE_QUERY_KEYS.searchText, searchText);
  if (query.method) params.set(CATALOGUE_QUERY_KEYS.method, query.method);
  if (query.sortField !== DEFAULT_QUERY.sortField) params.set(CATALOGUE_QUERY_KEYS.sortField, query.sortField);
  if (query.sortOrder !== DEFAULT_SORT_ORDER[query.sortField]) params.set(CATALOGUE_QUERY_KEYS.sortOrder, query.sortOrder);
  if (query.current !== DEFAULT_QUERY.current) params.set(CATALOGUE_QUERY_KEYS.current, String(query.current));
  if (query.pageSize !== DEFAULT_QUERY.pageSize) params.set(CATALOGUE_QUERY_KEYS.pageSize, String(query.pageSize));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The state after a change. A new search, filter, sort or page size starts
 * again at the first page; a new sort field takes that field's usual order.
 */
export function changeQuery(query: CatalogueQuery, change: Partial<CatalogueQuery>): CatalogueQuery {
  const next = { ...query, ...change };
  if (change.sortField !== undefined && change.sortOrder === undefined) next.sortOrder = DEFAULT_SORT_ORDER[change.sortField];
  if (change.current === undefined) next.current = 1;
  return next;
}

/** Whether the user narrowed the catalogue (so an empty answer means "no match", not "no interfaces"). */
export function isFiltered(query: CatalogueQuery): boolean {
  return !!query.searchText || !!query.method;
}

export function clearFilters(query: CatalogueQuery): CatalogueQuery {
  return changeQuery(query, { searchText: '', method: undefined });
}

/** The list request for a state. */
export function toListParams(query: CatalogueQuery): API.listInterfaceInfoByPageParams {
  return {
    current: query.current,
    pageSize: query.pageSize,
    sortField: query.sortField,
    sortOrder: query.sortOrder,
    ...(query.searchText ? { searchText: query.searchText } : {}),
    ...(query.method ? { method: query.method } : {}),
  };
}

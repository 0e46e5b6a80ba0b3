import { HTTP_METHODS, INTERFACE_STATUS } from '@/constants';
import type { SortedView, TableQuery as Query } from '@/utils/listQuery';
import { anyText, oneOf, TABLE_PAGE_SIZES, tableQuery } from '@/utils/listQuery';

/**
 * The admin interface table keeps its search form, page and order in the URL
 * query (see tableQuery in src/utils/listQuery.ts): these are its fields and
 * defaults.
 */

export const PAGE_SIZE_OPTIONS = TABLE_PAGE_SIZES;

export type TableView = SortedView;

export const DEFAULT_VIEW: TableView = {
  current: 1,
  pageSize: PAGE_SIZE_OPTIONS[0],
  sortField: 'createTime',
  sortOrder: 'descend',
};

const SEARCH_FIELDS = {
  name: anyText,
  url: anyText,
  method: oneOf(HTTP_METHODS),
  status: oneOf(Object.values(INTERFACE_STATUS)),
};

export type TableQuery = Query<keyof typeof SEARCH_FIELDS, TableView>;

export const {
  viewFromQuery,
  queryOf: tableQueryOf,
  sameQuery,
  syncToUrl: syncTableToUrl,
} = tableQuery({ searchFields: SEARCH_FIELDS, defaultView: DEFAULT_VIEW, pageSizes: PAGE_SIZE_OPTIONS });

/**
 * The list API's parameters for what the table asks (the page's requests and a deep link's early
 * one): the query as it is, but for the two fields that are not text to the API.
 */
export function listParamsOf({ method, status, ...query }: TableQuery): API.listInterfaceInfoByPageParams {
  return {
    ...query,
    // Both are read as one of the options the form offers (SEARCH_FIELDS), or undefined.
    method: method as API.HttpMethod | undefined,
    status: status === undefined ? undefined : (Number(status) as API.InterfaceInfo['status']),
  };
}

/** What a URL's query (`search`) asks the table for, as the search form and the pager start from it. */
export const queryFromUrl = (search: string): TableQuery =>
  tableQueryOf(Object.fromEntries(new URLSearchParams(search)), viewFromQuery(search));

/** The early answer's key for a request of the table: its list parameters. */
export const tableKey = (params: API.listInterfaceInfoByPageParams) => `admin table ${JSON.stringify(params)}`;

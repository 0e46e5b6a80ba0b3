import type { SortOrder, UsageSortField } from '@agler/contract/constants';

/**
 * Which rows of the usage table are shown: the server sorts, searches and
 * pages them (`GET /api/analysis/interfaces`), except for the default view,
 * whose rows the overview already carries (it is asked with
 * USAGE_TABLE_PAGE_SIZE), so the table opens without a request of its own.
 */

/** The page sizes to choose from (the endpoint allows up to USAGE_PAGE_SIZE.max); the first is the default. */
export const USAGE_PAGE_SIZES = [10, 20, 50, 100] as const;
export const USAGE_TABLE_PAGE_SIZE = USAGE_PAGE_SIZES[0];

export type UsageView = {
  current: number;
  pageSize: number;
  sortField: UsageSortField;
  sortOrder: SortOrder;
  /** Trimmed; empty for every name. */
  searchText: string;
};

/** The overview's own order: most called first. */
export const DEFAULT_SORT = { sortField: 'calls', sortOrder: 'descend' } as const;

export const DEFAULT_USAGE_VIEW: UsageView = {
  current: 1,
  pageSize: USAGE_TABLE_PAGE_SIZE,
  ...DEFAULT_SORT,
  searchText: '',
};

/** Whether `view` shows what the overview's first page holds. */
export function isDefaultView(view: UsageView): boolean {
  return (Object.keys(DEFAULT_USAGE_VIEW) as (keyof UsageView)[]).every(
    (key) => view[key] === DEFAULT_USAGE_VIEW[key],
  );
}

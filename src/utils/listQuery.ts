import type { SortField, SortOrder } from '@/constants';
import { SORT_FIELDS, SORT_ORDERS } from '@/constants';

/**
 * Reading a list's view (page, page size, order) back from a URL query, as the
 * catalogue and the admin table keep it there. Anything unreadable is
 * undefined, so the caller falls back to its default.
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

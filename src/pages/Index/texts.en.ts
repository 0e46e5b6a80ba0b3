import { formatNumber } from '@/locales';
import type { Translation } from '@/locales';
import type { INDEX_TEXTS } from './texts';

/** "1 interface", "3 interfaces". */
const interfaces = (count: number) => `${formatNumber(count)} ${count === 1 ? 'interface' : 'interfaces'}`;

export const index: Translation<typeof INDEX_TEXTS> = {
  subTitle: 'Browse the open interfaces of the platform, read their documentation and call them online',
  searchPlaceholder: 'Search by name, description or URL',
  searchLabel: 'Search interfaces',
  methodLabel: 'Method',
  allMethods: 'All',
  sortLabel: 'Sort by',
  sortOptions: {
    createTime: 'Newest',
    updateTime: 'Recently updated',
    name: 'Name',
  },
  ascend: 'Ascending',
  descend: 'Descending',
  orderToggle: (order) => `${order} now, click to switch`,
  total: (total) => interfaces(total),
  range: (from, to, total) => `${formatNumber(from)}–${formatNumber(to)} of ${interfaces(total)}`,
  noDescription: 'No description',
  deprecated: 'Deprecated',
  sunset: (date) => `Sunset ${date}`,
  stopped: (date) => `Stopped on ${date}`,
  updatedAt: (time) => `Updated ${time}`,
  loading: 'Loading the interfaces',
  emptyTitle: 'No interfaces yet',
  emptyDescription: 'There are no interfaces on the platform yet. Come back later.',
  emptyAdminAction: 'Add interfaces',
  noMatchTitle: 'No matching interfaces',
  noMatchDescription: (text) =>
    text
      ? `No interfaces match “${text}”. Try other words or clear the filters.`
      : 'No interfaces match the current filters.',
  clearFilters: 'Clear filters',
  errorTitle: 'Could not load the interfaces',
  listLabel: 'Interfaces',
};

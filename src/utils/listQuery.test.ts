import type { SortedView } from './listQuery';
import { anyText, oneOf, readInt, tableQuery } from './listQuery';

const SORTED_DEFAULTS: SortedView = { current: 1, pageSize: 10, sortField: 'createTime', sortOrder: 'descend' };

const sorted = tableQuery({
  searchFields: { name: anyText, kind: oneOf(['a', 'b', 3]) },
  defaultView: SORTED_DEFAULTS,
  pageSizes: [10, 20, 50],
});

const unsorted = tableQuery({
  searchFields: { searchText: anyText },
  defaultView: { current: 1, pageSize: 10 },
  pageSizes: [10, 20],
});

describe('readInt', () => {
  it('reads whole numbers within bounds only', () => {
    expect(readInt('42', 1, 100)).toBe(42);
    expect(readInt('0', 1, 100)).toBeUndefined();
    expect(readInt('4.5', 1, 100)).toBeUndefined();
    expect(readInt(null, 1, 100)).toBeUndefined();
  });
});

describe('tableQuery: viewFromQuery', () => {
  it('reads the page, a page size on offer and an order with its field', () => {
    expect(sorted.viewFromQuery('?current=4&pageSize=50&sortField=updateTime&sortOrder=ascend')).toEqual({
      current: 4,
      pageSize: 50,
      sortField: 'updateTime',
      sortOrder: 'ascend',
    });
    expect(sorted.viewFromQuery('?sortField=updateTime&sortOrder=sideways')).toMatchObject({
      sortField: 'updateTime',
      sortOrder: 'descend',
    });
  });

  it('falls back to the defaults; an order without its field is no order', () => {
    expect(sorted.viewFromQuery('?current=-1&pageSize=30&sortOrder=ascend')).toEqual({
      current: 1,
      pageSize: 10,
      sortField: 'createTime',
      sortOrder: 'descend',
    });
  });

  it('puts no order into the view of a list that has none', () => {
    expect(unsorted.viewFromQuery('?current=2&pageSize=20&sortField=updateTime&sortOrder=ascend')).toEqual({
      current: 2,
      pageSize: 20,
    });
  });
});

describe('tableQuery: queryOf and sameQuery', () => {
  it('names every search field, as text the form offers, next to the view', () => {
    const view = unsorted.viewFromQuery('');
    expect(sorted.queryOf({ name: '', kind: 3, other: 'x' }, sorted.viewFromQuery(''))).toEqual({
      name: undefined,
      kind: '3',
      current: 1,
      pageSize: 10,
      sortField: 'createTime',
      sortOrder: 'descend',
    });
    expect(unsorted.queryOf({ searchText: null }, view)).toEqual({ searchText: undefined, ...view });
  });

  it('compares the fields and the view, nothing else', () => {
    const view = sorted.viewFromQuery('');
    const a = sorted.queryOf({ name: 'x', _timestamp: 1 }, view);
    expect(sorted.sameQuery(a, sorted.queryOf({ name: 'x', _timestamp: 2 }, view))).toBe(true);
    expect(sorted.sameQuery(a, sorted.queryOf({ name: 'y' }, view))).toBe(false);
    expect(sorted.sameQuery(a, sorted.queryOf({ name: 'x' }, { ...view, sortOrder: 'ascend' }))).toBe(false);
  });
});

describe('tableQuery: syncToUrl', () => {
  it('get: only the search fields the values hold, with values the form offers', () => {
    expect(sorted.syncToUrl({ kind: 'c', current: '3', other: 'x' }, 'get')).toEqual({ kind: undefined });
    expect(sorted.syncToUrl({ name: 'n', kind: 'b' }, 'get')).toEqual({ name: 'n', kind: 'b' });
  });

  it('set: what differs from the defaults; empty fields and defaults are taken out', () => {
    expect(
      sorted.syncToUrl({ name: '', kind: 'a', current: '1', pageSize: 20, sortField: 'createTime', sortOrder: 'ascend' }, 'set'),
    ).toEqual({ name: undefined, kind: 'a', current: undefined, pageSize: 20, sortField: undefined, sortOrder: 'ascend' });
    expect(unsorted.syncToUrl({ searchText: 'q', current: 2, sortField: 'updateTime' }, 'set')).toEqual({
      searchText: 'q',
      current: 2,
    });
  });
});

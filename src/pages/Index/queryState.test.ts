import { changeQuery, clearFilters, DEFAULT_QUERY, isFiltered, parseQuery, toListParams, toSearch } from './queryState';

const parse = (search: string) => parseQuery(new URLSearchParams(search));

describe('parseQuery', () => {
  it('gives the defaults for an empty query', () => {
    expect(parse('')).toEqual(DEFAULT_QUERY);
    expect(DEFAULT_QUERY).toMatchObject({ sortField: 'createTime', sortOrder: 'descend', current: 1, pageSize: 12 });
  });

  it('reads every key', () => {
    expect(parse('?searchText=%E5%A4%A9%E6%B0%94&method=POST&sortField=name&sortOrder=descend&current=3&pageSize=24')).toEqual({
      searchText: '天气',
      method: 'POST',
      sortField: 'name',
      sortOrder: 'descend',
      current: 3,
      pageSize: 24,
    });
  });

  it('falls back to the default of anything unreadable', () => {
    expect(parse('?method=HEAD&sortField=id&sortOrder=up&current=0&pageSize=51')).toEqual(DEFAULT_QUERY);
    expect(parse('?current=-2&pageSize=abc')).toEqual(DEFAULT_QUERY);
    expect(parse('?method=get').method).toBe('GET');
  });

  it('takes the usual order of the sort field when none is given', () => {
    expect(parse('?sortField=name')).toMatchObject({ sortField: 'name', sortOrder: 'ascend' });
    expect(parse('?sortField=updateTime')).toMatchObject({ sortField: 'updateTime', sortOrder: 'descend' });
  });

  it('trims the search text', () => {
    expect(parse('?searchText=%20IP%20').searchText).toBe('IP');
  });

  it('ignores keys it does not know', () => {
    expect(parse('?page=2&tab=1')).toEqual(DEFAULT_QUERY);
  });
});

describe('toSearch', () => {
  it('leaves defaults out', () => {
    expect(toSearch(DEFAULT_QUERY)).toBe('');
    expect(toSearch({ ...DEFAULT_QUERY, sortField: 'name', sortOrder: 'ascend' })).toBe('?sortField=name');
    expect(toSearch({ ...DEFAULT_QUERY, searchText: '   ' })).toBe('');
  });

  it('writes what differs and reads back the same state', () => {
    const query = { searchText: '随机 名字', method: 'GET' as const, sortField: 'updateTime' as const, sortOrder: 'ascend' as const, current: 4, pageSize: 48 };
    const search = toSearch(query);
    expect(search).toBe('?searchText=%E9%9A%8F%E6%9C%BA+%E5%90%8D%E5%AD%97&method=GET&sortField=updateTime&sortOrder=ascend&current=4&pageSize=48');
    expect(parse(search)).toEqual(query);
  });
});

describe('changeQuery', () => {
  const onPage3 = { ...DEFAULT_QUERY, current: 3 };

  it('starts again at page 1 on a new search, filter, sort or page size', () => {
    expect(changeQuery(onPage3, { searchText: 'ip' }).current).toBe(1);
    expect(changeQuery(onPage3, { method: 'GET' }).current).toBe(1);
    expect(changeQuery(onPage3, { sortOrder: 'ascend' }).current).toBe(1);
    expect(changeQuery(onPage3, { pageSize: 24 }).current).toBe(1);
  });

  it('keeps the page asked for', () => {
    expect(changeQuery(DEFAULT_QUERY, { current: 5 }).current).toBe(5);
  });

  it("gives a new sort field that field's usual order", () => {
    expect(changeQuery(DEFAULT_QUERY, { sortField: 'name' })).toMatchObject({ sortField: 'name', sortOrder: 'ascend' });
    expect(changeQuery(DEFAULT_QUERY, { sortField: 'name', sortOrder: 'descend' }).sortOrder).toBe('descend');
  });
});

describe('filters', () => {
  it('knows when the catalogue is narrowed and clears search and method', () => {
    const filtered = { ...DEFAULT_QUERY, searchText: 'ip', method: 'GET' as const, sortField: 'name' as const, sortOrder: 'ascend' as const, current: 2 };
    expect(isFiltered(DEFAULT_QUERY)).toBe(false);
    expect(isFiltered(filtered)).toBe(true);
    expect(isFiltered({ ...DEFAULT_QUERY, sortField: 'name', current: 3 })).toBe(false);
    expect(clearFilters(filtered)).toEqual({ ...filtered, searchText: '', method: undefined, current: 1 });
  });
});

describe('toListParams', () => {
  it('always sends page and sort, and filters only when set', () => {
    expect(toListParams(DEFAULT_QUERY)).toEqual({ current: 1, pageSize: 12, sortField: 'createTime', sortOrder: 'descend' });
    expect(toListParams({ ...DEFAULT_QUERY, searchText: 'ip', method: 'GET' })).toMatchObject({ searchText: 'ip', method: 'GET' });
  });
});

import { DEFAULT_VIEW, syncTableToUrl, tableQueryOf, viewFromQuery } from './tableQuery';

describe('viewFromQuery', () => {
  it('reads the page and order a query asks for', () => {
    expect(viewFromQuery('?current=3&pageSize=20&sortField=updateTime&sortOrder=ascend')).toEqual({
      current: 3,
      pageSize: 20,
      sortField: 'updateTime',
      sortOrder: 'ascend',
    });
  });

  it('uses the defaults for anything missing or unreadable', () => {
    expect(viewFromQuery('')).toEqual(DEFAULT_VIEW);
    expect(viewFromQuery('?current=0&pageSize=13&sortField=userPassword&sortOrder=up')).toEqual(DEFAULT_VIEW);
    // An order without a field of its own is no order.
    expect(viewFromQuery('?sortOrder=ascend')).toEqual(DEFAULT_VIEW);
  });
});

describe('syncTableToUrl', () => {
  it('gives the search form only its own fields, with values it offers', () => {
    expect(syncTableToUrl({ name: '天气', method: 'TRACE', status: '2', current: '3', other: 'x' }, 'get')).toEqual({
      name: '天气',
      method: undefined,
      status: undefined,
    });
    expect(syncTableToUrl({ method: 'POST', status: '0' }, 'get')).toEqual({ method: 'POST', status: '0' });
  });

  it('writes what differs from the defaults and takes out the rest, leaving unknown keys alone', () => {
    expect(
      syncTableToUrl({ name: '', url: 'api', status: 1, current: 1, pageSize: 20, sortField: 'createTime', sortOrder: 'ascend' }, 'set'),
    ).toEqual({ name: undefined, url: 'api', status: '1', current: undefined, pageSize: 20, sortField: undefined, sortOrder: 'ascend' });
  });
});

describe('tableQueryOf', () => {
  it('names every search field, so an emptied one leaves the URL too', () => {
    expect(tableQueryOf({ name: '天气', status: 1, _timestamp: 1 }, DEFAULT_VIEW)).toEqual({
      name: '天气',
      url: undefined,
      method: undefined,
      status: '1',
      ...DEFAULT_VIEW,
    });
  });
});

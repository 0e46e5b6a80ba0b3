import { DEFAULT_USER_VIEW, syncUserTableToUrl, userQueryOf, userViewFromQuery } from './userQuery';

describe('userViewFromQuery', () => {
  it('reads the page a query asks for and falls back to the defaults', () => {
    expect(userViewFromQuery('?current=3&pageSize=20')).toEqual({ current: 3, pageSize: 20 });
    expect(userViewFromQuery('?current=0&pageSize=13&sortField=name')).toEqual(DEFAULT_USER_VIEW);
  });
});

describe('syncUserTableToUrl', () => {
  it('gives the search form only its own fields, with roles it offers', () => {
    expect(
      syncUserTableToUrl({ searchText: 'adm', userRole: 'root', current: '2', name: 'x' }, 'get'),
    ).toEqual({
      searchText: 'adm',
      userRole: undefined,
    });
    expect(syncUserTableToUrl({ userRole: 'ban' }, 'get')).toEqual({ userRole: 'ban' });
  });

  it('writes what differs from the defaults and takes out the rest', () => {
    expect(
      syncUserTableToUrl({ searchText: '', userRole: 'admin', current: 1, pageSize: 20 }, 'set'),
    ).toEqual({
      searchText: undefined,
      userRole: 'admin',
      current: undefined,
      pageSize: 20,
    });
  });
});

describe('userQueryOf', () => {
  it('names every search field, so an emptied one leaves the URL too', () => {
    expect(userQueryOf({ searchText: '普通', _timestamp: 1 }, DEFAULT_USER_VIEW)).toEqual({
      searchText: '普通',
      userRole: undefined,
      ...DEFAULT_USER_VIEW,
    });
  });
});

import access from './access';

const user = (userRole: 'user' | 'admin' | 'ban'): API.LoginUserVO => ({
  id: '1790000000000000001',
  userName: 'n',
  userAccount: 'acct',
  userRole,
});

describe('access', () => {
  it('grants nothing without a login user', () => {
    expect(access(undefined)).toEqual({ canUser: false, canAdmin: false });
    expect(access({})).toEqual({ canUser: false, canAdmin: false });
  });

  it('lets a user in but not into admin pages', () => {
    expect(access({ loginUser: user('user') })).toEqual({ canUser: true, canAdmin: false });
  });

  it('lets an admin into admin pages', () => {
    expect(access({ loginUser: user('admin') })).toEqual({ canUser: true, canAdmin: true });
  });

  it('treats a banned user as having no access', () => {
    expect(access({ loginUser: user('ban') })).toEqual({ canUser: false, canAdmin: false });
  });
});

import { currentLocation, loginUrlFor, logoutTarget, safeRedirectTarget } from './redirect';

describe('safeRedirectTarget', () => {
  it.each([
    ['/admin/interface_info?tab=1', '/admin/interface_info?tab=1'],
    ['/interface_info/1800000000000000001#call', '/interface_info/1800000000000000001#call'],
    ['/', '/'],
  ])('follows the site path %s', (input, expected) => {
    expect(safeRedirectTarget(input)).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['https://example.com'],
    ['//example.com/path'],
    ['/\\example.com'],
    ['javascript:alert(1)'],
    ['http:/example.com'],
    ['admin'],
    ['/user/login?redirect=/admin'],
    ['/user/register?redirect=/admin'],
  ])('sends %s to the home page', (input) => {
    expect(safeRedirectTarget(input)).toBe('/');
  });

  // Each of these resolves, or decodes and then resolves, to `//evil.example` (another host).
  it.each([
    ['dot-dot segment', '/..//evil.example'],
    ['dot segment', '/.//evil.example'],
    ['encoded dot-dot', '/%2e%2e//evil.example'],
    ['upper-case encoded dot-dot', '/%2E%2E//evil.example'],
    ['dot-dot past the root', '/a/../..//evil.example'],
    ['backslashes', '/..\\\\evil.example'],
    ['backslashes after a dot', '/.\\\\evil.example'],
    ['a tab inside', '/\t/evil.example'],
    ['a newline and a tab inside', '/.\n./\t/evil.example'],
    ['encoded slashes', '/%2f%2fevil.example'],
    ['upper-case encoded slashes', '/%2F%2Fevil.example'],
    ['encoded backslashes', '/%5c%5cevil.example'],
    ['an encoded slash after a dot-dot', '/..%2f%2fevil.example'],
    ['doubly encoded slashes', '/%252f%252fevil.example'],
    ['malformed encoding', '/%E0%A4%A'],
  ])('sends a path that leaves the site (%s) to the home page', (_, input) => {
    expect(safeRedirectTarget(input)).toBe('/');
  });

  it('follows a site path in its normalised form, encoded text included', () => {
    expect(safeRedirectTarget('/admin/../interface_info/1?x=1#y')).toBe('/interface_info/1?x=1#y');
    expect(safeRedirectTarget('/?searchText=%E5%A4%A9%E6%B0%94')).toBe('/?searchText=%E5%A4%A9%E6%B0%94');
    expect(safeRedirectTarget('/interface_info/%E5%A4%A9')).toBe('/interface_info/%E5%A4%A9');
  });
});

describe('currentLocation', () => {
  it("reads the address bar, which the table's query updates bypass the router for", () => {
    window.history.replaceState(null, '', '/admin/interface_info?name=x&current=2');
    expect(currentLocation()).toEqual({ pathname: '/admin/interface_info', search: '?name=x&current=2' });
  });
});

describe('loginUrlFor', () => {
  it('keeps the current path and query as the redirect', () => {
    expect(loginUrlFor({ pathname: '/admin/interface_info', search: '?tab=1' })).toBe(
      '/user/login?redirect=%2Fadmin%2Finterface_info%3Ftab%3D1',
    );
  });

  it('needs no redirect for the home page or the login page', () => {
    expect(loginUrlFor({ pathname: '/', search: '' })).toBe('/user/login');
    expect(loginUrlFor({ pathname: '/user/login', search: '?redirect=%2Fx' })).toBe('/user/login');
  });
});

describe('logoutTarget', () => {
  it('adds the current path and query as the redirect', () => {
    expect(logoutTarget({ pathname: '/admin/interface_info', search: '?tab=1' })).toBe(
      '/user/login?redirect=%2Fadmin%2Finterface_info%3Ftab%3D1',
    );
    expect(logoutTarget({ pathname: '/', search: '' })).toBe('/user/login?redirect=%2F');
  });

  it('stays on the login page', () => {
    expect(logoutTarget({ pathname: '/user/login', search: '' })).toBeUndefined();
  });

  it('does not add a redirect when one already exists', () => {
    expect(logoutTarget({ pathname: '/', search: '?redirect=%2Fadmin' })).toBe('/user/login');
  });
});

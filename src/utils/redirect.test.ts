import { loginUrlFor, logoutTarget, safeRedirectTarget } from './redirect';

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
  ])('sends %s to the home page', (input) => {
    expect(safeRedirectTarget(input)).toBe('/');
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

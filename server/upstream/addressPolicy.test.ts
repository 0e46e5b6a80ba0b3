/** @jest-environment node */
import { ipLiteralOf, isAllowedHost, isPublicAddress, parseAllowList } from './addressPolicy';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.100.100.200',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1',
    '2002:7f00:1::',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'accepts %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('ipLiteralOf', () => {
  it('finds the IPv4 address behind every spelling WHATWG URLs normalise', () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://127.1/',
      'http://2130706433/',
      'http://0x7f000001/',
      'http://0177.0.0.1/',
    ]) {
      expect(ipLiteralOf(new URL(url))).toBe('127.0.0.1');
    }
  });

  it('unbrackets IPv6 literals and leaves names alone', () => {
    expect(ipLiteralOf(new URL('http://[::ffff:127.0.0.1]/'))).toBe('::ffff:7f00:1');
    expect(ipLiteralOf(new URL('http://[::1]:8080/'))).toBe('::1');
    expect(ipLiteralOf(new URL('https://api.example.com/'))).toBeUndefined();
  });
});

describe('allow list', () => {
  const allow = parseAllowList(' Demo.Local , 127.0.0.1:8000,[::1]:9000 ,');

  it('matches a host, or a host with its port (default ports included)', () => {
    expect(isAllowedHost(new URL('http://demo.local/x'), allow)).toBe(true);
    expect(isAllowedHost(new URL('https://demo.local:8443/x'), allow)).toBe(true);
    expect(isAllowedHost(new URL('http://127.0.0.1:8000/x'), allow)).toBe(true);
    expect(isAllowedHost(new URL('http://127.0.0.1:8001/x'), allow)).toBe(false);
    expect(isAllowedHost(new URL('http://[::1]:9000/'), allow)).toBe(true);
    expect(isAllowedHost(new URL('http://other.local/'), allow)).toBe(false);
  });
});

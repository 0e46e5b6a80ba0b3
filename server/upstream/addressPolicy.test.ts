/** @jest-environment node */
import { carriedIPv4, ipLiteralOf, isAllowedHost, isPublicAddress, parseAllowList } from './addressPolicy';

/**
 * The address check is tested here, in-process, and never by connecting: to
 * the kernel `::7f00:1` is not loopback, so a call to it would leave the machine.
 */

describe('isPublicAddress: IANA special-purpose ranges', () => {
  // One address of each entry of IANA's IPv4 and IPv6 special-purpose address registries.
  it.each([
    ['0.0.0.0', '0.0.0.0/8 this network'],
    ['0.1.2.3', '0.0.0.0/8 this network'],
    ['10.0.0.1', '10.0.0.0/8 private use'],
    ['100.64.0.1', '100.64.0.0/10 shared address space'],
    ['100.100.100.200', '100.64.0.0/10 (a cloud metadata address)'],
    ['127.0.0.1', '127.0.0.0/8 loopback'],
    ['127.255.255.254', '127.0.0.0/8 loopback'],
    ['169.254.169.254', '169.254.0.0/16 link local (cloud metadata)'],
    ['172.16.0.1', '172.16.0.0/12 private use'],
    ['172.31.255.255', '172.16.0.0/12 private use'],
    ['192.0.0.1', '192.0.0.0/24 IETF protocol assignments'],
    ['192.0.0.9', '192.0.0.9/32 PCP anycast'],
    ['192.0.0.170', '192.0.0.170/32 NAT64/DNS64 discovery'],
    ['192.0.2.1', '192.0.2.0/24 documentation'],
    ['192.31.196.1', '192.31.196.0/24 AS112-v4'],
    ['192.52.193.1', '192.52.193.0/24 AMT'],
    ['192.88.99.1', '192.88.99.0/24 6to4 relay anycast'],
    ['192.168.1.1', '192.168.0.0/16 private use'],
    ['192.175.48.1', '192.175.48.0/24 AS112 direct delegation'],
    ['198.18.0.1', '198.18.0.0/15 benchmarking'],
    ['198.51.100.1', '198.51.100.0/24 documentation'],
    ['203.0.113.1', '203.0.113.0/24 documentation'],
    ['224.0.0.1', '224.0.0.0/4 multicast'],
    ['240.0.0.1', '240.0.0.0/4 reserved'],
    ['255.255.255.255', '255.255.255.255/32 limited broadcast'],
    ['::1', '::1/128 loopback'],
    ['::', '::/128 unspecified'],
    ['100::1', '100::/64 discard only'],
    ['100:0:0:1::1', '100:0:0:1::/64 dummy prefix'],
    ['2001:1::1', '2001:1::1/128 PCP anycast'],
    ['2001:1::3', '2001:1::3/128 DNS-SD SRP anycast'],
    ['2001:2::1', '2001:2::/48 benchmarking'],
    ['2001:3::1', '2001:3::/32 AMT'],
    ['2001:4:112::1', '2001:4:112::/48 AS112-v6'],
    ['2001:10::1', '2001:10::/28 ORCHID'],
    ['2001:20::1', '2001:20::/28 ORCHIDv2'],
    ['2001:30::1', '2001:30::/28 drone remote ID'],
    ['2001:db8::1', '2001:db8::/32 documentation'],
    ['2620:4f:8000::1', '2620:4f:8000::/48 AS112'],
    ['3fff::1', '3fff::/20 documentation'],
    ['5f00::1', '5f00::/16 segment routing'],
    ['fc00::1', 'fc00::/7 unique local'],
    ['fd00:ec2::254', 'fc00::/7 unique local (cloud metadata)'],
    ['fe80::1', 'fe80::/10 link local'],
    ['fe80::1%eth0', 'fe80::/10 link local, with a zone'],
    ['fec0::1', 'fec0::/10 site local'],
    ['ff02::1', 'ff00::/8 multicast'],
    ['4000::1', 'outside 2000::/3, the only global unicast space'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001::1'])(
    'accepts %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it.each(['not an address', '', '127.1', '2130706433', '1.2.3.4.5', ':::1'])(
    'refuses %j: not an address',
    (address) => {
      expect(isPublicAddress(address)).toBe(false);
    },
  );
});

describe('isPublicAddress: IPv6 forms that carry an IPv4 address', () => {
  // Teredo (2001::/32): the server's IPv4 in bits 32-63, the client's in the last 32 bits XOR 0xffffffff.
  const teredo = (server: string, client: string) => {
    const [a, b, c, d] = client.split('.').map((octet) => 255 - Number(octet));
    const [s1, s2, s3, s4] = server.split('.').map(Number);
    const hex = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);
    return `2001:0:${hex(s1, s2)}:${hex(s3, s4)}:8000:63bf:${hex(a, b)}:${hex(c, d)}`;
  };

  it.each([
    ['::127.0.0.1', 'compatible (deprecated) form of loopback'],
    ['::7f00:1', 'compatible form of loopback, as URLs write it'],
    ['::10.0.0.1', 'compatible form of a private address'],
    ['::a9fe:a9fe', 'compatible form of the metadata address'],
    ['::8.8.8.8', 'compatible form: deprecated, never routed, whatever it carries'],
    ['::ffff:127.0.0.1', 'mapped loopback'],
    ['::ffff:7f00:1', 'mapped loopback in hex'],
    ['::ffff:10.0.0.1', 'mapped private'],
    ['::ffff:169.254.169.254', 'mapped metadata address'],
    ['::ffff:0:127.0.0.1', 'IPv4-translated (SIIT) loopback'],
    ['::ffff:0:8.8.8.8', 'IPv4-translated (SIIT): for translators, not routed'],
    ['64:ff9b::127.0.0.1', 'NAT64 well-known prefix, loopback'],
    ['64:ff9b::7f00:1', 'NAT64 well-known prefix, loopback in hex'],
    ['64:ff9b::a00:1', 'NAT64 well-known prefix, private'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 well-known prefix, metadata address'],
    ['64:ff9b:1::7f00:1', 'NAT64 local-use prefix, loopback'],
    ['64:ff9b:1::808:808', 'NAT64 local-use prefix: local, whatever it carries'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['2002:7f00:1::1', '6to4 of loopback, a host in it'],
    ['2002:a00:1::1', '6to4 of a private address'],
    ['2002:a9fe:a9fe::1', '6to4 of the metadata address'],
    [teredo('8.8.8.8', '127.0.0.1'), 'Teredo, public server, loopback client'],
    [teredo('8.8.8.8', '10.0.0.1'), 'Teredo, public server, private client'],
    [teredo('127.0.0.1', '8.8.8.8'), 'Teredo, loopback server, public client'],
    [teredo('169.254.169.254', '8.8.8.8'), 'Teredo, metadata server, public client'],
    [
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      "Teredo, RFC 4380's example: its client 192.0.2.45 is documentation",
    ],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ['::ffff:8.8.8.8', 'mapped public address: it is that address'],
    ['64:ff9b::808:808', 'NAT64 well-known prefix of a public address (DNS64 on an IPv6-only host)'],
    ['2002:808:808::1', '6to4 of a public address'],
    [teredo('8.8.8.8', '1.1.1.1'), 'Teredo, public server and client'],
  ])('accepts %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['::ffff:7f00:1', ['127.0.0.1']],
    ['::7f00:1', ['127.0.0.1']],
    ['::ffff:0:a00:1', ['10.0.0.1']],
    ['64:ff9b::a9fe:a9fe', ['169.254.169.254']],
    ['2002:c000:22d::1', ['192.0.2.45']],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', ['65.54.227.120', '192.0.2.45']],
    ['2606:4700:4700::1111', []],
    ['::1', []],
    ['::', []],
  ])('finds what %s carries', (address, carried) => {
    expect(carriedIPv4(address)).toEqual(carried);
  });
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

import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses the platform may call on a user's behalf: only globally
 * routable unicast addresses. Every range of IANA's IPv4 and IPv6
 * special-purpose address registries is refused (loopback, private, link
 * local with cloud metadata at 169.254.169.254, shared address space with
 * 100.100.100.200, documentation, benchmarking, ...), the anycast services
 * the registries mark globally reachable too, since no interface lives there;
 * so is IPv6 outside 2000::/3, the only space IANA allocates for global
 * unicast. Hosts an operator lists in INVOKE_ALLOW_HOSTS (and the server's own
 * demo services) are exempt.
 *
 * An IPv6 address that carries an IPv4 address is judged by what it carries as
 * well: a socket to it may end at that IPv4 address (a mapped address is that
 * address to the kernel; NAT64, 6to4 and Teredo relays forward to it).
 */

type IPv4Parts = [number, number];

const lastGroups = (g: number[]): IPv4Parts[] => [[g[6], g[7]]];

/**
 * IPv6 forms that carry IPv4 addresses, and where the 16-bit groups of those
 * addresses are. The routed ones IANA marks globally reachable or leaves to
 * the address carried (6to4, Teredo): allowed when all they carry is public.
 * The others are for local use and outside 2000::/3: refused whatever they carry.
 */
const CARRIERS: {
  range: [ipaddr.IPv6, number];
  routed: boolean;
  carried: (groups: number[]) => IPv4Parts[];
}[] = [
  // IPv4-mapped (RFC 4291): to the kernel, the IPv4 address itself.
  { range: ipaddr.IPv6.parseCIDR('::ffff:0:0/96'), routed: true, carried: lastGroups },
  // NAT64's well-known prefix (RFC 6052).
  { range: ipaddr.IPv6.parseCIDR('64:ff9b::/96'), routed: true, carried: lastGroups },
  // 6to4 (RFC 3056): the site's IPv4 after the prefix.
  { range: ipaddr.IPv6.parseCIDR('2002::/16'), routed: true, carried: (g) => [[g[1], g[2]]] },
  // Teredo (RFC 4380): the server's IPv4 in bits 32-63, the client's in the last 32 bits XOR 0xffffffff.
  {
    range: ipaddr.IPv6.parseCIDR('2001::/32'),
    routed: true,
    carried: (g) => [
      [g[2], g[3]],
      [g[6] ^ 0xffff, g[7] ^ 0xffff],
    ],
  },
  // NAT64's local-use prefix (RFC 8215), where a /96 prefix of it puts the address.
  { range: ipaddr.IPv6.parseCIDR('64:ff9b:1::/48'), routed: false, carried: lastGroups },
  // IPv4-translated (RFC 6145), for stateless translators.
  { range: ipaddr.IPv6.parseCIDR('::ffff:0:0:0/96'), routed: false, carried: lastGroups },
  // IPv4-compatible `::a.b.c.d` (deprecated by RFC 4291); `::` and `::1` are not, see carrierOf.
  { range: ipaddr.IPv6.parseCIDR('::/96'), routed: false, carried: lastGroups },
];

function carrierOf(address: ipaddr.IPv6) {
  const range = address.range();
  if (range === 'unspecified' || range === 'loopback') return undefined;
  return CARRIERS.find((carrier) => address.match(carrier.range));
}

/** IANA's global unicast space; everything else of IPv6 is special, reserved or unallocated. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * Entries of IANA's special-purpose registries that ipaddr.js does not name
 * (it names every IPv4 entry). Outside 2000::/3 as well, listed so that this
 * module holds the whole registry.
 */
const MORE_SPECIAL_RANGES: [ipaddr.IPv6, number][] = [
  // Dummy IPv6 prefix (RFC 9780).
  ipaddr.IPv6.parseCIDR('100:0:0:1::/64'),
];

const toIPv4 = ([high, low]: IPv4Parts) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/**
 * An IPv6 address as the URL standard reads it. ipaddr.js alone reads the
 * dotted `::a.b.c.d` as the mapped `::ffff:a.b.c.d`, and system resolvers
 * write compatible addresses that way. The zone of a link-local address is
 * left out: such addresses are refused anyway.
 */
function parseIPv6(address: string): ipaddr.IPv6 | undefined {
  const bare = address.split('%')[0];
  if (!net.isIPv6(bare)) return undefined;
  return ipaddr.IPv6.parse(new URL(`http://[${bare}]/`).hostname.slice(1, -1));
}

/** The IPv4 addresses an IPv6 address carries (dotted), none for any other address. */
export function carriedIPv4(address: string): string[] {
  const parsed = parseIPv6(address);
  const carrier = parsed && carrierOf(parsed);
  return carrier ? carrier.carried(parsed.parts).map((parts) => toIPv4(parts).toString()) : [];
}

const isPublicIPv4 = (address: ipaddr.IPv4) => address.range() === 'unicast';

function isPublicIPv6(address: ipaddr.IPv6): boolean {
  const carrier = carrierOf(address);
  if (carrier) return carrier.routed && carrier.carried(address.parts).map(toIPv4).every(isPublicIPv4);
  return (
    address.range() === 'unicast' &&
    address.match(GLOBAL_UNICAST) &&
    !MORE_SPECIAL_RANGES.some((range) => address.match(range))
  );
}

/** True when `address` (an IP address as resolvers write it, IPv6 without brackets) may be connected to. */
export function isPublicAddress(address: string): boolean {
  if (net.isIPv4(address)) return isPublicIPv4(ipaddr.IPv4.parse(address));
  const v6 = parseIPv6(address);
  return v6 !== undefined && isPublicIPv6(v6);
}

/** `host` or `host:port` entries, lower-cased; IPv6 hosts in brackets as URLs write them. */
export type AllowList = ReadonlySet<string>;

export function parseAllowList(text: string | undefined): AllowList {
  return new Set(
    (text ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** Whether a URL's host (and port) is exempt from the address check. */
export function isAllowedHost(url: URL, allow: AllowList): boolean {
  const host = url.hostname.toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allow.has(host) || allow.has(`${host}:${port}`);
}

/** The IP literal a URL names (WHATWG URLs already normalise 2130706433, 0x7f000001 and 127.1), or undefined for a DNS name. */
export function ipLiteralOf(url: URL): string | undefined {
  const host = url.hostname;
  if (host.startsWith('[') && host.endsWith(']')) return host.slice(1, -1);
  return ipaddr.IPv4.isValidFourPartDecimal(host) ? host : undefined;
}

import ipaddr from 'ipaddr.js';

/**
 * Which addresses the platform may call on a user's behalf. Only globally
 * routable unicast addresses: never loopback, private, link-local (cloud
 * metadata at 169.254.169.254 among them), unique-local, carrier-grade NAT
 * (100.100.100.200, another metadata address, too), 0.0.0.0/8, multicast,
 * reserved, NAT64/6to4/Teredo forms that embed an IPv4 address, and no
 * IPv4-mapped IPv6 form of any of those. Hosts an operator lists in
 * INVOKE_ALLOW_HOSTS (and the server's own demo services) are exempt.
 */

/** True when `address` (an IP literal, IPv6 without brackets) may be connected to. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // process() unwraps IPv4-mapped IPv6 (::ffff:127.0.0.1) to the IPv4 it stands for.
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast';
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

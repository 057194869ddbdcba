import ipaddr from 'ipaddr.js';

// ipaddr.js names every special-purpose range (loopback, private, link-local, CGNAT, multicast,
// broadcast, documentation, benchmarking, 240/4 …) and leaves 'unicast' for the rest, so the rule is
// "public unicast only" rather than a hand-kept deny list that misses a range.

/** IPv6 ranges whose last or middle 32 bits are an IPv4 address that is what really gets reached. */
const EMBEDS_IPV4_AT: Record<string, readonly [number, number]> = {
  ipv4Mapped: [12, 16], // ::ffff:a.b.c.d
  rfc6145: [12, 16], // ::ffff:0:a.b.c.d (IPv4-translated)
  '6to4': [2, 6], // 2002:AABB:CCDD::/48
};

const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * True when `ip` is anything but a public unicast address (IPv4 or IPv6, any notation ipaddr.js
 * parses, including octal, hex and short IPv4 forms). Text that is not an IP address is forbidden:
 * callers must resolve names first and check every answer.
 */
export function isForbiddenAddress(ip: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(ip);
  } catch {
    return true;
  }
  return parsed.kind() === 'ipv4'
    ? isForbiddenIpv4(parsed as ipaddr.IPv4)
    : isForbiddenIpv6(parsed as ipaddr.IPv6);
}

function isForbiddenIpv4(ip: ipaddr.IPv4): boolean {
  return ip.range() !== 'unicast';
}

function isForbiddenIpv6(ip: ipaddr.IPv6): boolean {
  const bytes = ip.toByteArray();
  const range = ip.range();
  const embedded = EMBEDS_IPV4_AT[range];
  if (embedded) return isForbiddenIpv4(ipv4From(bytes, embedded[0], embedded[1]));
  // Only the well-known NAT64 prefix has a fixed place for the IPv4 address; the local-use prefix
  // 64:ff9b:1::/48 does not (RFC 8215), so it is refused whole below.
  if (range === 'rfc6052' && ip.match(NAT64_WELL_KNOWN)) return isForbiddenIpv4(ipv4From(bytes, 12, 16));

  // Global unicast is 2000::/3; everything outside it (including the deprecated IPv4-compatible
  // ::a.b.c.d) and the special ranges inside it (Teredo, 2001:db8::/32, 3fff::/20) is no public server.
  return range !== 'unicast' || !ip.match(GLOBAL_UNICAST);
}

function ipv4From(bytes: number[], start: number, end: number): ipaddr.IPv4 {
  return new ipaddr.IPv4(bytes.slice(start, end));
}

import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isForbiddenAddress } from './addresses.js';
import { OutboundError, type HostLookup, type ResolvedAddress } from './types.js';

/** A checked hop: where to connect, and under which name (Host header, TLS server name). */
export interface OutboundTarget {
  url: URL;
  /** The URL's host without IPv6 brackets. */
  hostname: string;
  /** Every address is allowed; the connection may use only these. */
  addresses: readonly ResolvedAddress[];
}

export const defaultLookup: HostLookup = (hostname) => dnsLookup(hostname, { all: true });

/**
 * Parses with the WHATWG parser, which already turns decimal, octal, hex and short IPv4 hosts
 * (2130706433, 0177.0.0.1, 0x7f.1, 127.1) into dotted form and compresses IPv6, so every later check
 * sees one spelling per address.
 */
export function parseOutboundUrl(input: string | URL, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(input, base);
  } catch {
    throw new OutboundError('URL_NOT_VALID', 'The address is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundError(
      'URL_NOT_VALID',
      `Only http and https addresses are allowed, not ${url.protocol}`,
    );
  }
  if (url.username || url.password) {
    throw new OutboundError('URL_NOT_VALID', 'Addresses with a user name or password are not allowed.');
  }
  if (!url.hostname) throw new OutboundError('URL_NOT_VALID', 'The address has no host.');
  return url;
}

/**
 * The administrator's list in the same canonical form as URL hosts (so "0:0::1", "[::1]" and "::1"
 * all match), lower-case; entries that are not a bare host (with a port, path, …) match nothing.
 */
export function createAllowList(allowedHosts: readonly string[]): ReadonlySet<string> {
  const hosts = new Set<string>();
  for (const entry of allowedHosts) {
    const host = canonicalHost(entry);
    if (host) hosts.add(host);
  }
  return hosts;
}

function canonicalHost(entry: string): string | null {
  const bare = stripBrackets(entry.trim().toLowerCase());
  if (!bare) return null;
  try {
    const url = new URL(`http://${isIP(bare) === 6 ? `[${bare}]` : bare}/`);
    return url.host === url.hostname && url.pathname === '/' ? stripBrackets(url.hostname) : null;
  } catch {
    return null;
  }
}

/**
 * Resolves the URL's host and refuses it when any answer is forbidden, unless the host is on the
 * allow list. Checking every answer matters: the connection may use any of them.
 */
export async function resolveOutboundTarget(
  url: URL,
  allowedHosts: ReadonlySet<string>,
  lookup: HostLookup,
): Promise<OutboundTarget> {
  const hostname = stripBrackets(url.hostname);
  const isAllowed = allowedHosts.has(hostname);
  const family = isIP(hostname);
  if (family !== 0) {
    if (!isAllowed && isForbiddenAddress(hostname)) throw notAllowed(hostname);
    return { url, hostname, addresses: [{ address: hostname, family }] };
  }

  let answers: readonly ResolvedAddress[];
  try {
    answers = await lookup(hostname);
  } catch {
    throw new OutboundError('NETWORK', `Could not resolve ${hostname}.`);
  }
  if (answers.length === 0) throw new OutboundError('NETWORK', `Could not resolve ${hostname}.`);
  if (!isAllowed && answers.some((answer) => isForbiddenAddress(answer.address))) throw notAllowed(hostname);
  return { url, hostname, addresses: answers };
}

function notAllowed(hostname: string): OutboundError {
  return new OutboundError(
    'ADDRESS_NOT_ALLOWED',
    `${hostname} is, or resolves to, a local, private or reserved address; an administrator can allow it.`,
  );
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

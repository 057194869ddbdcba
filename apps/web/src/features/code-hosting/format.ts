/**
 * Only http(s) addresses from a host become links: anything else (a local path, or a stored value
 * that never should have been accepted) must not turn into a `javascript:` link.
 */
export function isWebLink(url: string | null): url is string {
  return url !== null && /^https?:\/\//i.test(url);
}

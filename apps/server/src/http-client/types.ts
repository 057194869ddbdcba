/** The one way the server calls other hosts (docs/security.md, outgoing calls). */
export interface HttpRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Whole call, connect to last byte; the client's default otherwise. */
  timeoutMs?: number;
  /** Largest body read; larger answers fail with TOO_LARGE. */
  maxBytes?: number;
}

export interface HttpResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The address that answered, after redirects. */
  url: string;
  body: Buffer;
  text(): string;
  json(): unknown;
}

export interface HttpClient {
  request(url: string, init?: HttpRequest): Promise<HttpResponse>;
}

export type OutboundErrorCode =
  'URL_NOT_VALID' | 'ADDRESS_NOT_ALLOWED' | 'TIMEOUT' | 'TOO_LARGE' | 'TOO_MANY_REDIRECTS' | 'NETWORK';

export class OutboundError extends Error {
  constructor(
    readonly code: OutboundErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface HttpClientOptions {
  /**
   * Hosts an administrator allows although they resolve to loopback, private or link-local
   * addresses (OUTBOUND_ALLOWED_HOSTS): exact host names or IP literals, compared lower-case.
   */
  allowedHosts: readonly string[];
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Name resolution; `dns.promises.lookup(host, { all: true })` unless a test injects a fake. */
  lookup?: HostLookup;
}

/** Every A/AAAA answer for a host name; all of them are checked, one of them is connected to. */
export type HostLookup = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export interface ResolvedAddress {
  address: string;
  /** 4 or 6. */
  family: number;
}

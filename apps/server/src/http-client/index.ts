export { isForbiddenAddress } from './addresses.js';
export { assertOutboundUrl, createHttpClient } from './guarded-client.js';
export {
  OutboundError,
  type HostLookup,
  type HttpClient,
  type HttpClientOptions,
  type HttpRequest,
  type HttpResponse,
  type OutboundErrorCode,
  type ResolvedAddress,
} from './types.js';

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertOutboundUrl,
  createHttpClient,
  isForbiddenAddress,
  OutboundError,
  type HostLookup,
  type OutboundErrorCode,
} from '../../src/http-client/index.js';

async function expectCode(work: Promise<unknown>, code: OutboundErrorCode): Promise<OutboundError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutboundError);
  expect(error).toMatchObject({ code });
  return error as OutboundError;
}

/** A resolver for names that exist only in these tests, so no test needs the network. */
function fakeLookup(table: Record<string, string[]>): HostLookup {
  return async (hostname) => {
    const answers = table[hostname];
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

/** A table row per word: keeps long address lists readable one kind per line. */
const words = (text: string): string[] => text.trim().split(/\s+/);

describe('isForbiddenAddress', () => {
  it.each([
    ...words('127.0.0.1 127.255.255.254 ::1 0.0.0.0 0.1.2.3 ::'), // loopback, unspecified
    ...words('10.0.0.5 172.16.3.4 172.31.255.255 192.168.1.1 fc00::1 fd12:3456::1'), // private, unique-local
    ...words('169.254.169.254 fe80::1 febf::1 fe80::1%eth0 fec0::1 100.64.0.1 100.127.255.255'), // link/site-local, CGNAT
    ...words('224.0.0.1 ff02::1 240.0.0.1 255.255.255.255 198.18.0.1 100::1 2001::1'), // multicast, reserved, Teredo
    ...words('192.0.2.1 198.51.100.7 203.0.113.9 2001:db8::1 3fff::1'), // documentation
    ...words('0177.0.0.1 2130706433 0x7f.1 127.1'), // other IPv4 notations
    ...words('::ffff:127.0.0.1 ::ffff:7f00:1 ::ffff:10.0.0.1 ::ffff:0:7f00:1'), // IPv4-mapped, -translated
    ...words('::127.0.0.1 ::7f00:1 ::808:808'), // IPv4-compatible (deprecated, refused whole)
    ...words('64:ff9b::127.0.0.1 64:ff9b::a9fe:a9fe 64:ff9b:1::808:808'), // NAT64
    ...words('2002:7f00:1::1 2002:c0a8:101::'), // 6to4 around 127.0.0.1 and 192.168.1.1
    'not an address',
    '',
  ])('refuses %j', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  it.each([
    ...words('8.8.8.8 93.184.216.34 172.32.0.1 100.128.0.1 192.169.0.1'),
    ...words('2606:4700:4700::1111 2a00:1450:4001::200e ::ffff:8.8.8.8 64:ff9b::808:808 2002:808:808::1'),
  ])('accepts the public address %s', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(false);
  });
});

describe('outgoing calls refuse internal targets (SSRF corpus)', () => {
  const corpus: [string, OutboundErrorCode][] = [
    ['http://127.0.0.1', 'ADDRESS_NOT_ALLOWED'],
    ['http://localhost', 'ADDRESS_NOT_ALLOWED'],
    ['http://2130706433', 'ADDRESS_NOT_ALLOWED'],
    ['http://0177.0.0.1', 'ADDRESS_NOT_ALLOWED'],
    ['http://0x7f000001', 'ADDRESS_NOT_ALLOWED'],
    ['http://0x7f.1', 'ADDRESS_NOT_ALLOWED'],
    ['http://127.1', 'ADDRESS_NOT_ALLOWED'],
    ['http://[::1]', 'ADDRESS_NOT_ALLOWED'],
    ['http://[::ffff:127.0.0.1]', 'ADDRESS_NOT_ALLOWED'],
    ['http://[::ffff:7f00:1]', 'ADDRESS_NOT_ALLOWED'],
    ['http://[::127.0.0.1]', 'ADDRESS_NOT_ALLOWED'],
    ['http://[64:ff9b::7f00:1]', 'ADDRESS_NOT_ALLOWED'],
    ['http://[2002:7f00:1::]', 'ADDRESS_NOT_ALLOWED'],
    ['http://10.0.0.5', 'ADDRESS_NOT_ALLOWED'],
    ['http://172.16.3.4', 'ADDRESS_NOT_ALLOWED'],
    ['http://192.168.1.1', 'ADDRESS_NOT_ALLOWED'],
    ['http://169.254.169.254/latest/meta-data', 'ADDRESS_NOT_ALLOWED'],
    ['http://[fe80::1]', 'ADDRESS_NOT_ALLOWED'],
    ['http://[fc00::1]', 'ADDRESS_NOT_ALLOWED'],
    ['http://0.0.0.0', 'ADDRESS_NOT_ALLOWED'],
    ['http://100.64.0.1', 'ADDRESS_NOT_ALLOWED'],
    ['https://127.0.0.1:8443/api', 'ADDRESS_NOT_ALLOWED'],
    ['file:///etc/passwd', 'URL_NOT_VALID'],
    ['ftp://x', 'URL_NOT_VALID'],
    ['gopher://x', 'URL_NOT_VALID'],
    ['http://user:pw@example.com', 'URL_NOT_VALID'],
    ['http://:pw@example.com', 'URL_NOT_VALID'],
    ['not a url', 'URL_NOT_VALID'],
  ];
  const client = createHttpClient({ allowedHosts: [], timeoutMs: 2000 });

  it.each(corpus)('assertOutboundUrl(%s) fails with %s', async (url, code) => {
    await expectCode(assertOutboundUrl(url, []), code);
  });

  it.each(corpus)('client.request(%s) fails with %s', async (url, code) => {
    await expectCode(client.request(url), code);
  });

  it('never puts request headers into the error message', async () => {
    const error = await expectCode(
      client.request('http://169.254.169.254/latest/meta-data', {
        headers: { authorization: 'Bearer s3cret-token' },
      }),
      'ADDRESS_NOT_ALLOWED',
    );
    expect(error.message).not.toContain('s3cret');
  });
});

describe('assertOutboundUrl with names (injected resolver)', () => {
  const lookup = fakeLookup({
    'public.test': ['93.184.216.34', '2606:2800:220:1::248'],
    'mixed.test': ['93.184.216.34', '127.0.0.1'],
    'metadata.test': ['169.254.169.254'],
    'campus.test': ['10.1.2.3'],
  });

  it('accepts a name whose every answer is public', async () => {
    const url = await assertOutboundUrl('https://public.test/group/repo.git', [], lookup);
    expect(url.hostname).toBe('public.test');
  });

  it.each([['http://mixed.test/'], ['http://metadata.test/'], ['http://campus.test/']])(
    'refuses %s, which resolves to a forbidden address',
    async (url) => {
      await expectCode(assertOutboundUrl(url, [], lookup), 'ADDRESS_NOT_ALLOWED');
      await expectCode(createHttpClient({ allowedHosts: [], lookup }).request(url), 'ADDRESS_NOT_ALLOWED');
    },
  );

  it('fails with NETWORK for a name that does not resolve', async () => {
    await expectCode(assertOutboundUrl('http://nowhere.test/', [], lookup), 'NETWORK');
  });

  it.each([
    ['http://campus.test/', ['CAMPUS.test']],
    ['http://[::1]/', ['::1']],
    ['http://[::1]/', ['[0:0::1]']],
    ['http://127.0.0.1/', ['127.1']],
  ])('accepts %s when the administrator allows %j', async (url, allowedHosts) => {
    await expect(assertOutboundUrl(url, allowedHosts, lookup)).resolves.toBeInstanceOf(URL);
  });

  it('allows only the exact host, not its neighbours', async () => {
    await expectCode(assertOutboundUrl('http://127.0.0.2/', ['127.0.0.1'], lookup), 'ADDRESS_NOT_ALLOWED');
    await expectCode(
      assertOutboundUrl('http://campus.test:8080/', ['campus.test:8080'], lookup),
      'ADDRESS_NOT_ALLOWED',
    );
  });
});

describe('the guarded client against a loopback server', () => {
  let server: http.Server;
  let port = 0;
  let origin = '';
  let closedPort = 0;
  const seen: string[] = [];
  const allowed = createHttpClient({ allowedHosts: ['127.0.0.1'], timeoutMs: 3000 });

  beforeAll(async () => {
    server = http.createServer(handle);
    port = await listen(server);
    origin = `http://127.0.0.1:${port}`;
    const closed = http.createServer();
    closedPort = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://loopback');
    seen.push(url.pathname);
    const chain = /^\/chain\/(\d+)$/.exec(url.pathname);
    if (chain) return redirectChain(res, Number(chain[1]));
    switch (url.pathname) {
      case '/json':
        res.writeHead(200, { 'Content-Type': 'application/json', 'X-Board-Id': 'b1' });
        return void res.end(JSON.stringify({ ok: true }));
      case '/echo':
        return echo(req, res);
      case '/redirect':
        res.writeHead(Number(url.searchParams.get('status') ?? 302), {
          Location: url.searchParams.get('to') ?? '/',
        });
        return void res.end();
      case '/big-announced':
        res.writeHead(200, { 'Content-Length': 10_000_000 });
        return void res.write(Buffer.alloc(1024)); // and never finishes
      case '/big-stream':
        return streamForever(res);
      case '/gzip-bomb':
        return sendEncoded(res, 'gzip', Buffer.alloc(2_000_000));
      case '/gzip':
      case '/deflate':
      case '/br':
        return sendEncoded(res, url.pathname.slice(1), Buffer.from(JSON.stringify({ ok: true })));
      case '/hang':
        return; // never answers
      case '/slow-body':
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        return void res.write('first bytes, then silence');
      default:
        res.writeHead(404);
        res.end();
    }
  }

  it('reaches the loopback server only when 127.0.0.1 is allowed', async () => {
    await expectCode(createHttpClient({ allowedHosts: [] }).request(`${origin}/json`), 'ADDRESS_NOT_ALLOWED');
    await expectCode(assertOutboundUrl(origin, []), 'ADDRESS_NOT_ALLOWED');
    expect(seen).not.toContain('/json');
    await expect(assertOutboundUrl(origin, ['127.0.0.1'])).resolves.toBeInstanceOf(URL);
    expect((await allowed.request(`${origin}/json`)).status).toBe(200);
  });

  it('answers JSON with lower-case headers and the final url', async () => {
    const response = await allowed.request(`${origin}/redirect?to=/json`);
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${origin}/json`);
    expect(response.headers['x-board-id']).toBe('b1');
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.json()).toEqual({ ok: true });
  });

  // PORT is the loopback server's port, known only once it listens.
  it.each<[string, OutboundErrorCode]>([
    ['http://127.0.0.2:PORT/json', 'ADDRESS_NOT_ALLOWED'],
    ['http://[::1]:PORT/json', 'ADDRESS_NOT_ALLOWED'],
    ['http://localhost:PORT/json', 'ADDRESS_NOT_ALLOWED'],
    ['http://169.254.169.254/latest/meta-data', 'ADDRESS_NOT_ALLOWED'],
    ['file:///etc/passwd', 'URL_NOT_VALID'],
  ])('refuses a redirect from the allowed host to %s with %s', async (target, code) => {
    const location = encodeURIComponent(target.replace('PORT', String(port)));
    await expectCode(allowed.request(`${origin}/redirect?status=307&to=${location}`), code);
  });

  it('follows exactly maxRedirects redirects and refuses one more', async () => {
    const client = createHttpClient({ allowedHosts: ['127.0.0.1'], maxRedirects: 3 });
    expect((await client.request(`${origin}/chain/3`)).json()).toEqual({ ok: true });
    await expectCode(client.request(`${origin}/chain/4`), 'TOO_MANY_REDIRECTS');
  });

  it.each([
    [303, 'GET', ''],
    [302, 'GET', ''],
    [307, 'POST', '{"a":1}'],
    [308, 'POST', '{"a":1}'],
  ])('after a %i redirect of a POST sends %s with body %j', async (status, method, body) => {
    const response = await allowed.request(`${origin}/redirect?status=${status}&to=/echo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"a":1}',
    });
    expect(response.json()).toMatchObject({ method, body });
  });

  it('drops credentials on a redirect to another origin but keeps the pinned address and host name', async () => {
    let lookups = 0;
    const lookup: HostLookup = async (hostname) => {
      lookups += 1;
      // Any later lookup finds nothing, so success proves the connection used the one checked answer.
      return hostname === 'campus.test' && lookups === 1 ? [{ address: '127.0.0.1', family: 4 }] : [];
    };
    const client = createHttpClient({ allowedHosts: ['127.0.0.1', 'campus.test'], lookup });
    const headers = {
      authorization: 'Bearer s3cret',
      'private-token': 'glpat-1',
      accept: 'application/json',
    };

    const sameOrigin = await client.request(`${origin}/redirect?to=/echo`, { headers });
    expect(sameOrigin.json()).toMatchObject({
      headers: { authorization: 'Bearer s3cret', 'private-token': 'glpat-1' },
    });

    const to = encodeURIComponent(`http://campus.test:${port}/echo`);
    const crossOrigin = (await client.request(`${origin}/redirect?to=${to}`, { headers })).json() as {
      headers: Record<string, string>;
    };
    expect(crossOrigin.headers).toMatchObject({ host: `campus.test:${port}`, accept: 'application/json' });
    expect(crossOrigin.headers).not.toHaveProperty('authorization');
    expect(crossOrigin.headers).not.toHaveProperty('private-token');
    expect(lookups).toBe(1);
  });

  it.each([
    ['/big-announced', 'a Content-Length above the cap'],
    ['/big-stream', 'a body without Content-Length that never ends'],
    ['/gzip-bomb', 'a small gzip body that decompresses past the cap'],
  ])('fails %s (%s) with TOO_LARGE, before the time-out', async (path) => {
    await expectCode(
      allowed.request(`${origin}${path}`, { maxBytes: 100_000, timeoutMs: 5000 }),
      'TOO_LARGE',
    );
  });

  it.each([['gzip'], ['deflate'], ['br']])('decompresses a %s answer', async (encoding) => {
    const response = await allowed.request(`${origin}/${encoding}`);
    expect(response.json()).toEqual({ ok: true });
  });

  it.each([
    ['/hang', 'never answers'],
    ['/slow-body', 'sends headers and then stalls'],
  ])('fails %s (a server that %s) with TIMEOUT within timeoutMs', async (path) => {
    const started = Date.now();
    await expectCode(allowed.request(`${origin}${path}`, { timeoutMs: 300 }), 'TIMEOUT');
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(1500);
  });

  it('fails with NETWORK when nothing listens, naming the host only', async () => {
    const error = await expectCode(
      allowed.request(`http://127.0.0.1:${closedPort}/?private_token=abc`, {
        headers: { authorization: 'Bearer s3cret' },
      }),
      'NETWORK',
    );
    expect(error.message).not.toMatch(/s3cret|private_token/);
  });
});

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function echo(req: http.IncomingMessage, res: http.ServerResponse): void {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ method: req.method, body, headers: req.headers }));
  });
}

function redirectChain(res: http.ServerResponse, left: number): void {
  if (left === 0) {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    return void res.end(JSON.stringify({ ok: true }));
  }
  res.writeHead(302, { Location: `/chain/${left - 1}` });
  res.end();
}

function streamForever(res: http.ServerResponse): void {
  res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
  const timer = setInterval(() => res.write(Buffer.alloc(16 * 1024)), 1);
  res.on('close', () => clearInterval(timer));
}

function sendEncoded(res: http.ServerResponse, encoding: string, plain: Buffer): void {
  const encoded =
    encoding === 'gzip'
      ? zlib.gzipSync(plain)
      : encoding === 'deflate'
        ? zlib.deflateSync(plain)
        : zlib.brotliCompressSync(plain);
  res.writeHead(200, {
    'Content-Type': 'application/json',
    'Content-Encoding': encoding,
    'Content-Length': encoded.length,
  });
  res.end(encoded);
}

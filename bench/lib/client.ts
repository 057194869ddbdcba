/** A tiny API client for seeding benchmark data over real HTTP. */
export class BenchClient {
  private headers: Record<string, string> = {};

  constructor(private readonly baseUrl: string) {}

  get authHeaders(): Record<string, string> {
    return { ...this.headers };
  }

  async signIn(email: string, password: string): Promise<void> {
    const response = await fetch(`${this.baseUrl}/api/auth/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok) throw new Error(`sign in failed: ${response.status}`);
    for (const name of ['access-token', 'client', 'uid', 'expiry'])
      this.headers[name] = response.headers.get(name)!;
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { ...this.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

/** Runs `work` for every item with at most `limit` in flight. */
export async function inBatches<T>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(runners);
}

type Listener = (...args: unknown[]) => void;
type Ack = (answer: unknown) => void;

/**
 * Stands in for a socket.io-client Socket in jsdom (setup.ts mocks `io` with it): tests play the
 * server with serverConnect / serverDrop / serverSend and read what the app emitted.
 */
export class FakeSocket {
  id: string | undefined = undefined;
  connected = false;
  active = true;
  readonly emitted: { event: string; payload: unknown }[] = [];
  /** The server's acknowledgement of a client message; undefined leaves it unanswered. */
  answer: (event: string, payload: unknown) => unknown = () => undefined;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(readonly options: { auth?: unknown; path?: string; transports?: string[] }) {}

  on(event: string, listener: Listener): this {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, payload?: unknown, ack?: Ack): this {
    this.emitted.push({ event, payload });
    const answer = this.answer(event, payload);
    if (ack && answer !== undefined) ack(answer);
    return this;
  }

  connect(): this {
    this.active = true;
    return this;
  }

  disconnect(): this {
    this.active = false;
    if (!this.connected) return this;
    this.connected = false;
    this.fire('disconnect', 'io client disconnect');
    return this;
  }

  serverConnect(id = 'socket-1'): void {
    this.id = id;
    this.connected = true;
    this.fire('connect');
  }

  serverDrop(reason = 'transport close'): void {
    this.connected = false;
    this.fire('disconnect', reason);
  }

  serverRefuse(): void {
    this.active = false;
    this.fire('connect_error', new Error('UNAUTHORIZED'));
  }

  serverSend(event: string, payload: unknown): void {
    this.fire(event, payload);
  }

  private fire(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
}

/** Every socket the app opened during the current test, oldest first. */
export const fakeSockets: FakeSocket[] = [];

export function latestSocket(): FakeSocket {
  const socket = fakeSockets.at(-1);
  if (socket === undefined) throw new Error('The app opened no socket');
  return socket;
}

/**
 * Arrival times (performance.now()) of numbered messages at many clients, and one wait at a time for
 * `count` clients to have message `seq`: the broadcast timings of the socket swarms and the raw-ws
 * ceiling all read from one of these.
 */
export class ArrivalLog {
  private readonly times = new Map<number, number[]>();
  private waiter: { seq: number; count: number; finish: () => void } | null = null;

  record(seq: number, receivedAt: number): void {
    const times = this.times.get(seq);
    if (times) times.push(receivedAt);
    else this.times.set(seq, [receivedAt]);
    this.check();
  }

  /**
   * The arrival times of message `seq`, once `count` clients have it or after `timeoutMs` with fewer
   * (the rest were missed). Call it before whatever causes the message: it may come first.
   */
  until(seq: number, count: number, timeoutMs: number): Promise<number[]> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(), timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        this.waiter = null;
        resolve([...(this.times.get(seq) ?? [])]);
      };
      this.waiter = { seq, count, finish };
      this.check();
    });
  }

  private check(): void {
    const waiter = this.waiter;
    if (waiter && (this.times.get(waiter.seq)?.length ?? 0) >= waiter.count) waiter.finish();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once nothing has arrived for `quietMs` (`lastArrivalAt` is the latest performance.now()
 * of an arrival): the presence broadcasts that joins set off, debounced per board on the server, must
 * not share the wire with the events being timed.
 */
export async function untilQuiet(lastArrivalAt: () => number, quietMs = 300): Promise<void> {
  await sleep(quietMs);
  for (;;) {
    const quietFor = performance.now() - lastArrivalAt();
    if (quietFor >= quietMs) return;
    await sleep(quietMs - quietFor);
  }
}

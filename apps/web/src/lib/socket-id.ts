/**
 * The header naming this tab's connected socket, for mutating requests (the echo of their events is
 * then skipped). socket.ts provides it once a socket exists; it is kept apart so that the API client,
 * which every screen loads (the login one too), loads neither Socket.IO nor the real-time contract.
 */
let readHeader: () => Record<string, string> = () => ({});

export function socketIdHeader(): Record<string, string> {
  return readHeader();
}

/** Called once by socket.ts, which owns the socket. */
export function provideSocketIdHeader(reader: () => Record<string, string>): void {
  readHeader = reader;
}

/**
 * A child process of join-flood.ts: one account sends board:join for boards it cannot see, in bursts
 * of 20,000 sent without waiting (issue 13: that many kept every HTTP request waiting 12–19 s), and
 * reconnects whenever the server drops it, until told to stop; then it reports what it sent.
 */
import { CLIENT_MESSAGES, SOCKET_PATH } from '@teamboard/contract';
import { io } from 'socket.io-client';

const JOINS_PER_BURST = 20_000;
const FIRST_MISSING_BOARD = 10_000_000;
const url = process.env.FLOOD_URL!;
const auth = JSON.parse(process.env.FLOOD_AUTH!) as Record<string, string>;

let stopped = false;
let joinsSent = 0;
let disconnects = 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

process.on('message', () => {
  stopped = true;
});

async function floodOnce(): Promise<void> {
  const socket = io(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth,
    forceNew: true,
    reconnection: false,
  });
  const connected = await new Promise<boolean>((resolve) => {
    socket.once('connect', () => resolve(true));
    socket.once('connect_error', () => resolve(false));
  });
  if (!connected) return void (await sleep(50));
  const dropped = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
  for (let i = 0; i < JOINS_PER_BURST && socket.connected; i++) {
    socket.emit(CLIENT_MESSAGES.joinBoard, { board_id: FIRST_MISSING_BOARD + joinsSent }, () => undefined);
    joinsSent += 1;
  }
  await Promise.race([dropped, sleep(1000)]);
  if (socket.connected) socket.disconnect();
  else disconnects += 1;
}

while (!stopped) await floodOnce();
process.send!({ joinsSent, disconnects });
process.disconnect();

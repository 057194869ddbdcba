import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';

/** A child that spins until it is killed: a core kept busy, as other work on the machine would. */
const SPIN = 'for (;;) Math.sqrt(Math.random());';

/**
 * `count` CPU-burning child processes (default twice the cores), so a measurement sees the machine
 * the way it is on a loaded server or a laptop building something else. Stop them with `stop()`.
 */
export class CpuBurners {
  private readonly children: ChildProcess[] = [];

  constructor(readonly count = 2 * availableParallelism()) {}

  start(): void {
    for (let index = 0; index < this.count; index += 1) {
      this.children.push(spawn(process.execPath, ['-e', SPIN], { stdio: 'ignore' }));
    }
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.children.splice(0).map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGKILL');
          }),
      ),
    );
  }
}

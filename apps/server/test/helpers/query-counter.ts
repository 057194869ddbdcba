import type { KyselyPlugin } from 'kysely';

/** Counts the queries of a database wrapped with its plugin: `wrapDb: (db) => db.withPlugin(counter.plugin)`. */
export class QueryCounter {
  count = 0;
  readonly plugin: KyselyPlugin = {
    transformQuery: (args) => {
      this.count += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };

  reset(): void {
    this.count = 0;
  }

  /**
   * Waits until no query has been counted for `quietMs`. A fresh app does start-up work in the
   * background (the lesson index, the assistant's warm-up) whose queries, landing after a reset,
   * were counted with the request's (a move on a loaded machine counted 12, not 4).
   */
  async quiet(quietMs = 150): Promise<void> {
    let seen: number;
    do {
      seen = this.count;
      await new Promise((resolve) => setTimeout(resolve, quietMs));
    } while (seen !== this.count);
  }
}

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
}

import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/** Stands for the n-th run-time argument while the query is built once. */
class Placeholder {
  constructor(readonly index: number) {}
}

/** Where each compiled parameter comes from: a run-time argument (its index) or a constant. */
type ParameterSource = { argument: number } | { constant: unknown };

interface Template {
  compiled: CompiledQuery;
  sources: ParameterSource[];
}

/**
 * A hot query built and compiled by Kysely once per dialect, then run with new arguments: the
 * builder and compiler cost more than SQLite's own work on a small indexed read (profiled on the
 * board's 304 path). `build` must use each argument as a plain value (`where(col, '=', arg)`), never
 * inspect it: it is called with placeholders. The SQL is the same for every database of a dialect
 * (tests' PostgreSQL schemas are chosen by search_path, not by name), so templates are kept per
 * dialect adapter class; a transaction shares its database's adapter. A database with plugins
 * builds every time, as Kysely would.
 */
export class PreparedQuery<DB, Args extends unknown[], Row> {
  private readonly templates = new Map<unknown, Template>();

  constructor(private readonly build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>) {}

  async all(db: Kysely<DB>, ...args: Args): Promise<Row[]> {
    // A plugin may rewrite each query as it is compiled (tests count queries that way): no template.
    if (db.getExecutor().plugins.length > 0) return (await db.executeQuery(this.build(db, ...args))).rows;
    const { compiled, sources } = this.template(db);
    const parameters = sources.map((source) =>
      'argument' in source ? args[source.argument] : source.constant,
    );
    const result = await db.executeQuery<Row>({ ...compiled, parameters } as CompiledQuery<Row>);
    return result.rows;
  }

  async first(db: Kysely<DB>, ...args: Args): Promise<Row | undefined> {
    return (await this.all(db, ...args))[0];
  }

  private template(db: Kysely<DB>): Template {
    const dialect = db.getExecutor().adapter.constructor;
    let template = this.templates.get(dialect);
    if (!template) {
      template = this.compile(db);
      this.templates.set(dialect, template);
    }
    return template;
  }

  private compile(db: Kysely<DB>): Template {
    const arity = this.build.length - 1;
    const placeholders = Array.from({ length: arity }, (_, index) => new Placeholder(index));
    const compiled = this.build(db, ...(placeholders as unknown as Args)).compile();
    const sources = compiled.parameters.map((value): ParameterSource =>
      value instanceof Placeholder ? { argument: value.index } : { constant: value },
    );
    const used = new Set(sources.flatMap((source) => ('argument' in source ? [source.argument] : [])));
    if (used.size !== arity) throw new Error('a prepared query must bind every argument as a value');
    return { compiled, sources };
  }
}

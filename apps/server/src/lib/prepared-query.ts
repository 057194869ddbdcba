import type { CompiledQuery, Kysely, QueryExecutorProvider } from 'kysely';

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

/** A query builder (compiles by itself) or a `sql` template (compiles against a database). */
interface Buildable<Row> {
  compile(executorProvider: QueryExecutorProvider): CompiledQuery<Row>;
}

/**
 * A hot query built and compiled by Kysely once per dialect, then run with new arguments: the
 * builder and compiler cost more than SQLite's own work on a small indexed read (profiled on the
 * board's 304 path), and about a tenth of a one-step write (docs/performance.md, "Prepared queries").
 * `build` must use each argument as a plain value (`where(col, '=', arg)`, `${arg}` in `sql`), never
 * inspect it: it is called with placeholders. The SQL is the same for every database of a dialect
 * (tests' PostgreSQL schemas are chosen by search_path, not by name), so templates are kept per
 * dialect adapter class; a transaction shares its database's adapter. A database with plugins
 * builds every time, as Kysely would.
 *
 * `arity` counts the arguments after `db`; it defaults to `build`'s own, and must be given when
 * `build` takes a rest parameter (PreparedShapes).
 */
export class PreparedQuery<DB, Args extends unknown[], Row> {
  private readonly templates = new Map<unknown, Template>();

  constructor(
    private readonly build: (db: Kysely<DB>, ...args: Args) => Buildable<Row>,
    private readonly arity = build.length - 1,
  ) {}

  async all(db: Kysely<DB>, ...args: Args): Promise<Row[]> {
    return (await db.executeQuery(this.compiled(db, ...args))).rows;
  }

  async first(db: Kysely<DB>, ...args: Args): Promise<Row | undefined> {
    return (await this.all(db, ...args))[0];
  }

  /** The query with these arguments, for writes that run it themselves (db/pipeline.ts, db/sqlite-direct.ts). */
  compiled(db: Kysely<DB>, ...args: Args): CompiledQuery<Row> {
    // A plugin may rewrite each query as it is compiled (tests count queries that way): no template.
    if (db.getExecutor().plugins.length > 0) return this.build(db, ...args).compile(db);
    const { compiled, sources } = this.template(db);
    const parameters = sources.map((source) =>
      'argument' in source ? args[source.argument] : source.constant,
    );
    return { ...compiled, parameters } as CompiledQuery<Row>;
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
    const placeholders = Array.from({ length: this.arity }, (_, index) => new Placeholder(index));
    const compiled = this.build(db, ...(placeholders as unknown as Args)).compile(db);
    const sources = compiled.parameters.map((value): ParameterSource =>
      value instanceof Placeholder ? { argument: value.index } : { constant: value },
    );
    const used = new Set(sources.flatMap((source) => ('argument' in source ? [source.argument] : [])));
    if (used.size !== this.arity) throw new Error('a prepared query must bind every argument as a value');
    return { compiled, sources };
  }
}

/**
 * Prepared queries whose SQL depends on a shape known only at run time (which columns an update
 * sets, how many rows an insert writes): one PreparedQuery per shape, made on its first use from
 * `build`, which takes the call's `args` as its arguments (their number is its arity). `shape` must
 * name everything the SQL depends on besides the arguments. Shapes come from a closed set (subsets
 * of a fixed column list, small counts), so the map stays small.
 */
export class PreparedShapes<DB, Row> {
  private readonly queries = new Map<string, PreparedQuery<DB, unknown[], Row>>();

  compiled(
    db: Kysely<DB>,
    shape: string,
    args: unknown[],
    build: (db: Kysely<DB>, ...args: unknown[]) => Buildable<Row>,
  ): CompiledQuery<Row> {
    let query = this.queries.get(shape);
    if (!query) {
      query = new PreparedQuery(build, args.length);
      this.queries.set(shape, query);
    }
    return query.compiled(db, ...args);
  }
}

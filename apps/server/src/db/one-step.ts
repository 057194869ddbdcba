import type { CompiledQuery } from 'kysely';
import type { Pool, QueryResult } from 'pg';
import { pipelinedTransaction } from './pipeline.js';
import type { SqliteDirect } from './sqlite-direct.js';

/** PostgreSQL's one-step writer: a pool whose transactions go out in one round trip (pipeline.ts). */
export class PostgresPipeline {
  readonly dialect = 'postgres' as const;

  constructor(readonly pool: Pool) {}

  transaction(statements: readonly CompiledQuery[]): Promise<QueryResult[]> {
    return pipelinedTransaction(this.pool, statements);
  }
}

/** What a database can do beyond Kysely for the hot writes (docs/performance.md, "Writes"). */
export type OneStepWriter = SqliteDirect | PostgresPipeline;

/** A write's one-step variants; null from one: nothing written, the ordinary transaction decides. */
export interface OneStepVariants<T> {
  sqlite(direct: SqliteDirect): Promise<T | null>;
  postgres(pipeline: PostgresPipeline): Promise<T | null>;
}

/**
 * THE dispatcher of the hot writes: the one-step variant when this database has a one-step writer
 * (and the variant takes the case), the ordinary transaction otherwise. The ordinary one stays the
 * reference for what a write does (test/db/one-step-differential.test.ts runs both).
 */
export async function oneStepOr<T>(
  oneStep: OneStepWriter | null,
  variants: OneStepVariants<T>,
  ordinary: () => Promise<T>,
): Promise<T> {
  const written =
    oneStep === null
      ? null
      : oneStep.dialect === 'sqlite'
        ? await variants.sqlite(oneStep)
        : await variants.postgres(oneStep);
  return written ?? ordinary();
}

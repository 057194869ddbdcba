import { describe, expect, it } from 'vitest';
import { ON_SUITE_DATABASE, smokeRunner } from './lib/smoke-runner.js';

/** One tiny pass of each benchmark that chooses a database, on this suite's (lib/smoke-runner.ts). */
describe('benchmarks on this suite’s database (one tiny pass each)', () => {
  const { runBenchmark, expectFiniteFigures } = smokeRunner();

  it('api: the generated course against the ceiling, on this suite’s database', async () => {
    const results = await runBenchmark('api', {
      BENCH_SCALE: 'small',
      BENCH_SECONDS: '1',
      BENCH_IDLE_SECONDS: '0',
      ...ON_SUITE_DATABASE,
    });
    expectFiniteFigures(results, 30);
    expect(results.figures.find((f) => f.name === 'server warnings and errors')?.value).toBe(0);
  });

  it('reports: every report route on the generated course', async () => {
    const results = await runBenchmark('reports', {
      BENCH_SCALE: 'small',
      BENCH_REQUESTS: '3',
      ...ON_SUITE_DATABASE,
    });
    expectFiniteFigures(results, 7);
  });

  it('stand-ups: the analysis page’s API on a 6-member team’s 560 stand-ups', async () => {
    const results = await runBenchmark('standups', {
      BENCH_REQUESTS: '3',
      ...ON_SUITE_DATABASE,
    });
    expectFiniteFigures(results, 11);
  });

  it('fairness: the fairness page of a 6-member team over a semester', async () => {
    const results = await runBenchmark('fairness', {
      BENCH_REQUESTS: '3',
      ...ON_SUITE_DATABASE,
    });
    expectFiniteFigures(results, 10);
  });

  it('course overview: every team of a course with this week’s signals, and its CSV', async () => {
    const results = await runBenchmark('course-overview', {
      BENCH_TEAMS: '3',
      BENCH_REQUESTS: '3',
      ...ON_SUITE_DATABASE,
    });
    expectFiniteFigures(results, 13);
  });

  it('roster import: a roster stamped into team projects, previewed, imported and imported again', async () => {
    const results = await runBenchmark('roster-import', {
      BENCH_TEAMS: '3',
      BENCH_TEAM_SIZE: '2',
      ...ON_SUITE_DATABASE,
    });
    expectFiniteFigures(results, 6);
  });

  it('evaluations: the results of team peer evaluations and of a course-wide one', async () => {
    const results = await runBenchmark('evaluations', {
      BENCH_TEAMS: '2',
      BENCH_COURSE_MEMBERS: '8',
      BENCH_REQUESTS: '3',
      ...ON_SUITE_DATABASE,
    });
    expectFiniteFigures(results, 10);
  });

  it('writes: each write beside the naive ceiling, on this suite’s database', async () => {
    const results = await runBenchmark('writes', {
      BENCH_TASKS: '40',
      BENCH_SECONDS: '1',
      BENCH_ROUNDS: '3',
      BENCH_FAN_ROUNDS: '3',
      BENCH_FAN_WARMUPS: '1',
      ...ON_SUITE_DATABASE,
    });
    expectFiniteFigures(results, 20);
    const warnings = results.figures.filter((f) => f.name.endsWith('server warnings and errors'));
    expect(warnings.map((f) => f.value)).toEqual([0]);
  });
});

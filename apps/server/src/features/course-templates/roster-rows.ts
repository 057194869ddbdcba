import {
  EmailSchema,
  NAME_MAX_LENGTH,
  ROSTER_COLUMNS,
  ROSTER_HEADER_NAMES,
  ROSTER_REQUIRED_COLUMNS,
  ROSTER_ROLE_VALUES,
  ROSTER_ROWS_MAX,
  ROSTER_TEAM_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
  type ErrorCode,
  type ProjectRole,
  type RosterColumn,
} from '@teamboard/contract';
import { isBlankRecord, parseCsv, type CsvRecord, type CsvSeparator } from './roster-csv.js';

/** One problem of a roster: its line (null: the whole file or request), column and code. */
export interface RosterProblem {
  line: number | null;
  column: RosterColumn | 'co_teachers' | null;
  code: ErrorCode;
  params: Record<string, string | number>;
}

/** A valid student row. */
export interface RosterRow {
  line: number;
  email: string;
  name: string;
  team: string;
  teamKey: string;
  section: string | null;
  group: string | null;
  /** The team role the row asks for; null: a member, or the owner when the team names none. */
  role: ProjectRole | null;
}

export interface RosterRead {
  separator: CsvSeparator | null;
  /** Data rows read (valid or not, blank lines left out). */
  rowCount: number;
  rows: RosterRow[];
  problems: RosterProblem[];
}

/** Header names and role words compare trimmed, spaces collapsed, ignoring case and accents. */
export function normalizeWord(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** A roster value: trimmed, any run of spaces or line breaks one space. */
const clean = (value: string | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();

/** The key a team is known by: one project per key ("Team 1" and " team  1" are one team). */
export const teamKeyOf = (team: string) => team.toLowerCase();

const COLUMN_BY_HEADER = new Map<string, RosterColumn>(
  ROSTER_COLUMNS.flatMap((column) => ROSTER_HEADER_NAMES[column].map((name) => [name, column] as const)),
);
const ROLE_BY_WORD = new Map<string, ProjectRole>(
  (Object.entries(ROSTER_ROLE_VALUES) as [ProjectRole, readonly string[]][]).flatMap(([role, words]) =>
    words.map((word) => [word, role] as const),
  ),
);

/** Where each known column is in the header; unknown columns are ignored. */
function readHeader(header: CsvRecord, problems: RosterProblem[]): Map<RosterColumn, number> {
  const positions = new Map<RosterColumn, number>();
  header.fields.forEach((name, index) => {
    const column = COLUMN_BY_HEADER.get(normalizeWord(name));
    if (!column) return;
    if (positions.has(column))
      problems.push({ line: header.line, column, code: 'ROSTER_HEADER_REPEATED', params: { column } });
    else positions.set(column, index);
  });
  for (const column of ROSTER_REQUIRED_COLUMNS) {
    if (!positions.has(column))
      problems.push({ line: header.line, column, code: 'ROSTER_HEADER_MISSING', params: { column } });
  }
  return positions;
}

const LIMITS: Partial<Record<RosterColumn, number>> = {
  name: NAME_MAX_LENGTH,
  team: ROSTER_TEAM_MAX_LENGTH,
  section: SHORT_TEXT_MAX_LENGTH,
  group: SHORT_TEXT_MAX_LENGTH,
};

/** One data record as a row, or its problems (every problem of the line, not only the first). */
function readRow(
  record: CsvRecord,
  positions: Map<RosterColumn, number>,
  width: number,
  problems: RosterProblem[],
): RosterRow | null {
  const before = problems.length;
  const problem = (column: RosterColumn | null, code: ErrorCode, params = {}) =>
    problems.push({ line: record.line, column, code, params });
  if (record.fields.slice(width).some((value) => value.trim() !== ''))
    problem(null, 'ROSTER_TOO_MANY_FIELDS');
  const value = (column: RosterColumn) => {
    const position = positions.get(column);
    return position === undefined ? '' : clean(record.fields[position]);
  };
  for (const [column, max] of Object.entries(LIMITS) as [RosterColumn, number][]) {
    if (value(column).length > max) problem(column, 'ROSTER_TEXT_TOO_LONG', { max });
  }
  const rawEmail = value('email');
  const email = EmailSchema.safeParse(rawEmail);
  if (rawEmail === '') problem('email', 'ROSTER_EMAIL_REQUIRED');
  else if (!email.success) problem('email', 'EMAIL_NOT_VALID');
  const team = value('team');
  if (team === '') problem('team', 'ROSTER_TEAM_REQUIRED');
  const roleWord = normalizeWord(value('role'));
  const role = roleWord === '' ? null : (ROLE_BY_WORD.get(roleWord) ?? null);
  if (roleWord !== '' && role === null) problem('role', 'ROSTER_ROLE_NOT_VALID');
  if (problems.length > before || !email.success) return null;
  return {
    line: record.line,
    email: email.data,
    name: value('name'),
    team,
    teamKey: teamKeyOf(team),
    section: value('section') || null,
    group: value('group') || null,
    role,
  };
}

/** What the first row of a team (or of an email) said, to compare the later rows with. */
interface Seen {
  line: number;
  team: string;
  teamKey: string;
}

/**
 * The rules across rows: an email in one team only, once; a team in one section and one group
 * (blank is "not said", not a second section). A row that breaks one is reported and left out.
 */
function crossCheck(rows: RosterRow[], problems: RosterProblem[]): RosterRow[] {
  const byEmail = new Map<string, Seen>();
  const sections = new Map<string, { value: string; line: number }>();
  const groups = new Map<string, { value: string; line: number }>();
  const teamNames = new Map<string, string>();
  const kept: RosterRow[] = [];
  for (const row of rows) {
    const before = problems.length;
    const earlier = byEmail.get(row.email);
    if (earlier?.teamKey === row.teamKey)
      problems.push({
        line: row.line,
        column: 'email',
        code: 'ROSTER_EMAIL_REPEATED',
        params: { line: earlier.line },
      });
    else if (earlier)
      problems.push({
        line: row.line,
        column: 'email',
        code: 'ROSTER_EMAIL_IN_TWO_TEAMS',
        params: { team: earlier.team, line: earlier.line },
      });
    const team = teamNames.get(row.teamKey) ?? row.team;
    for (const [column, seen, code] of [
      ['section', sections, 'ROSTER_TEAM_SECTIONS'],
      ['group', groups, 'ROSTER_TEAM_GROUPS'],
    ] as const) {
      const mine = row[column];
      if (mine === null) continue;
      const first = seen.get(row.teamKey);
      if (!first) seen.set(row.teamKey, { value: mine, line: row.line });
      else if (first.value.toLowerCase() !== mine.toLowerCase())
        problems.push({
          line: row.line,
          column,
          code,
          params: { team, [column]: first.value, line: first.line },
        });
    }
    if (!earlier) byEmail.set(row.email, { line: row.line, team: row.team, teamKey: row.teamKey });
    teamNames.set(row.teamKey, team);
    if (problems.length === before) kept.push({ ...row, team });
  }
  return kept;
}

/** Reads a roster CSV: its rows, and every problem with the line it is on. */
export function readRoster(csv: string): RosterRead {
  const parsed = parseCsv(csv);
  const problems: RosterProblem[] = [];
  const records = parsed.records.filter((record) => !isBlankRecord(record));
  const read = (rowCount: number, rows: RosterRow[] = []): RosterRead => ({
    separator: records.length > 0 ? parsed.separator : null,
    rowCount,
    rows,
    problems,
  });
  if (parsed.unclosedQuoteLine !== null)
    problems.push({
      line: parsed.unclosedQuoteLine,
      column: null,
      code: 'ROSTER_QUOTE_NOT_CLOSED',
      params: {},
    });
  const [header, ...data] = records;
  if (!header || (data.length === 0 && problems.length === 0)) {
    problems.push({ line: null, column: null, code: 'ROSTER_EMPTY', params: {} });
    return read(0);
  }
  const positions = readHeader(header, problems);
  if (problems.length > 0) return read(data.length);
  if (data.length > ROSTER_ROWS_MAX) {
    problems.push({
      line: null,
      column: null,
      code: 'ROSTER_TOO_MANY_ROWS',
      params: { max: ROSTER_ROWS_MAX },
    });
    return read(data.length);
  }
  const rows = data
    .map((record) => readRow(record, positions, header.fields.length, problems))
    .filter((row): row is RosterRow => row !== null);
  return read(data.length, crossCheck(rows, problems));
}

/** Each team's role for each row: an explicit one, else the team's first row owns it if none does. */
export function rolesOf(rows: RosterRow[]): Map<RosterRow, ProjectRole> {
  const namedOwner = new Set(rows.filter((row) => row.role === 'owner').map((row) => row.teamKey));
  const seenTeams = new Set<string>();
  const roles = new Map<RosterRow, ProjectRole>();
  for (const row of rows) {
    const isFirst = !seenTeams.has(row.teamKey);
    seenTeams.add(row.teamKey);
    roles.set(row, row.role ?? (isFirst && !namedOwner.has(row.teamKey) ? 'owner' : 'member'));
  }
  return roles;
}

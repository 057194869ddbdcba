import { describe, expect, it } from 'vitest';
import { detectSeparator, parseCsv } from './roster-csv.js';
import { readRoster, rolesOf } from './roster-rows.js';

const fields = (csv: string) => parseCsv(csv).records.map((record) => record.fields);

describe('parseCsv (RFC 4180)', () => {
  it('reads quoted values with separators, doubled quotes and line breaks inside', () => {
    const csv = 'email,name,team\r\na@x.edu,"Díaz, Ana","Team ""A"""\r\nb@x.edu,"Line one\r\nline two",B\r\n';
    const parsed = parseCsv(csv);
    expect(parsed.separator).toBe(',');
    expect(parsed.records).toEqual([
      { line: 1, fields: ['email', 'name', 'team'] },
      { line: 2, fields: ['a@x.edu', 'Díaz, Ana', 'Team "A"'] },
      { line: 3, fields: ['b@x.edu', 'Line one\r\nline two', 'B'] },
    ]);
    expect(parsed.unclosedQuoteLine).toBeNull();
  });

  it('skips a BOM, reads LF and CR line ends and a last line without one', () => {
    expect(fields('\uFEFFa,b\nc,d\re,f')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
    ]);
  });

  it('detects `;` (Excel in Spanish) and tab, and keeps commas inside `;` values', () => {
    expect(detectSeparator('correo;nombre;equipo\n')).toBe(';');
    expect(detectSeparator('email\tname\tteam')).toBe('\t');
    expect(detectSeparator('"a;b;c",d\n')).toBe(',');
    expect(fields('correo;nombre\na@x.edu;Pérez, Luis\n')).toEqual([
      ['correo', 'nombre'],
      ['a@x.edu', 'Pérez, Luis'],
    ]);
  });

  it('keeps a stray quote inside an unquoted value and counts lines across quoted line breaks', () => {
    const parsed = parseCsv('a,b\nO"Brien,x\n"multi\nline",y\nlast,z\n');
    expect(parsed.records.map((record) => [record.line, ...record.fields])).toEqual([
      [1, 'a', 'b'],
      [2, 'O"Brien', 'x'],
      [3, 'multi\nline', 'y'],
      [5, 'last', 'z'],
    ]);
  });

  it('reports the line of a quoted value that never closes', () => {
    const parsed = parseCsv('email,team\na@x.edu,A\nb@x.edu,"B\nc@x.edu,C\n');
    expect(parsed.unclosedQuoteLine).toBe(3);
    expect(parsed.records).toHaveLength(2);
  });
});

describe('readRoster', () => {
  it('accepts Spanish headers in any case and with or without accents, and ignores unknown columns', () => {
    const read = readRoster(
      '\uFEFFCorreo;Nombre;EQUIPO;Sección;grupo;Notas\r\nANA@Uni.edu; Ana  Díaz ;Equipo 1;A;1;x\r\n;;;;;\r\n',
    );
    expect(read.problems).toEqual([]);
    expect(read.separator).toBe(';');
    expect(read.rowCount).toBe(1);
    expect(read.rows).toEqual([
      {
        line: 2,
        email: 'ana@uni.edu',
        name: 'Ana Díaz',
        team: 'Equipo 1',
        teamKey: 'equipo 1',
        section: 'A',
        group: '1',
        role: null,
      },
    ]);
    expect(readRoster('email,name,team,seccion,role\na@x.edu,A,T,B,propietario\n').rows[0]).toMatchObject({
      section: 'B',
      role: 'owner',
    });
  });

  it('reports every problem of every line, with its column', () => {
    const read = readRoster(
      [
        'email,name,team,section,group,role',
        'ana@x.edu,Ana,T1,A,1,',
        'not-an-email,Bad,T1,A,1,',
        ',Nobody,T1,A,1,',
        'beto@x.edu,Beto,,A,1,',
        'ana@x.edu,Ana again,T2,B,1,',
        'ana@x.edu,Ana twice,T1,A,1,',
        'carla@x.edu,Carla,T1,B,1,',
        'dani@x.edu,Dani,T1,A,2,',
        'eva@x.edu,Eva,T3,A,1,boss',
        'fer@x.edu,Fer,T3,A,1,,extra',
      ].join('\n'),
    );
    expect(read.problems.map(({ line, column, code }) => [line, column, code])).toEqual([
      [3, 'email', 'EMAIL_NOT_VALID'],
      [4, 'email', 'ROSTER_EMAIL_REQUIRED'],
      [5, 'team', 'ROSTER_TEAM_REQUIRED'],
      [10, 'role', 'ROSTER_ROLE_NOT_VALID'],
      [11, null, 'ROSTER_TOO_MANY_FIELDS'],
      [6, 'email', 'ROSTER_EMAIL_IN_TWO_TEAMS'],
      [7, 'email', 'ROSTER_EMAIL_REPEATED'],
      [8, 'section', 'ROSTER_TEAM_SECTIONS'],
      [9, 'group', 'ROSTER_TEAM_GROUPS'],
    ]);
    expect(read.problems.find((problem) => problem.line === 8)?.params).toEqual({
      team: 'T1',
      section: 'A',
      line: 2,
    });
    expect(read.rows.map((row) => row.line)).toEqual([2]);
  });

  it('needs a header with email and team, and at least one row', () => {
    expect(readRoster('').problems.map((problem) => problem.code)).toEqual(['ROSTER_EMPTY']);
    expect(readRoster('email,team\n\n').problems.map((problem) => problem.code)).toEqual(['ROSTER_EMPTY']);
    expect(readRoster('name,grupo,email,email\nAna,1,a@x.edu,b@x.edu\n').problems).toEqual([
      { line: 1, column: 'email', code: 'ROSTER_HEADER_REPEATED', params: { column: 'email' } },
      { line: 1, column: 'team', code: 'ROSTER_HEADER_MISSING', params: { column: 'team' } },
    ]);
  });

  it('makes the first row of each team its owner unless a row names one', () => {
    const read = readRoster('email,team,role\na@x.edu,T1,\nb@x.edu,T1,\nc@x.edu,T2,\nd@x.edu,T2,owner\n');
    const roles = rolesOf(read.rows);
    expect(read.rows.map((row) => roles.get(row))).toEqual(['owner', 'member', 'member', 'owner']);
  });
});

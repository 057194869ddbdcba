import { DEFAULT_MAX_PROJECTS } from '@teamboard/contract';
import { DAY, HOUR, MINUTE } from './calendar.js';
import { FIRST_NAMES, LAST_NAMES } from './catalog.js';
import type { GenerationContext, Team } from './context.js';
import type { UserDraft } from './drafts.js';
import { ADMIN_EMAIL, sectionName, studentEmail, teacherEmail, teamGroup } from './identities.js';

type Profile = Pick<UserDraft, 'account_type' | 'max_projects' | 'gitname' | 'section' | 'group'>;

/**
 * A signed-up account as the auth service leaves it: signed up (terms accepted), confirmed by its
 * link a few minutes later, first visit to Home (which creates the default folder), then a profile
 * edit, the last write and so `updated_at`.
 */
function signUp(context: GenerationContext, email: string, at: number, profile: Profile): UserDraft {
  const { rng, course } = context;
  const confirmedAt = at + rng.int(2, 30) * MINUTE;
  const folderAt = confirmedAt + rng.int(1, 10) * MINUTE;
  const user: UserDraft = {
    id: 0,
    at,
    email,
    name: `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`,
    language: rng.chance(0.3) ? 'es' : 'en',
    year: 2026,
    semester: '2026-2',
    confirmed_at: confirmedAt,
    terms_accepted_at: at,
    updated_at: folderAt + rng.int(1, 20) * MINUTE,
    ...profile,
  };
  course.users.push(user);
  addDefaultFolder(context, user, folderAt);
  return user;
}

function addDefaultFolder(context: GenerationContext, user: UserDraft, at: number): void {
  const folder = { id: 0, at, user };
  context.course.folders.push(folder);
  context.defaultFolder.set(user, folder);
}

/** The admin, as `npm run create-admin` makes it: confirmed at once, no terms, unlimited projects. */
function createAdmin(context: GenerationContext): UserDraft {
  const at = context.semester.start - 21 * DAY + 9 * HOUR;
  const admin: UserDraft = {
    id: 0,
    at,
    email: ADMIN_EMAIL,
    name: 'Course Admin',
    account_type: 'admin',
    max_projects: null,
    language: 'en',
    gitname: null,
    year: null,
    semester: null,
    section: null,
    group: null,
    confirmed_at: at,
    terms_accepted_at: null,
    updated_at: at,
  };
  context.course.users.push(admin);
  addDefaultFolder(context, admin, at + HOUR);
  return admin;
}

/** Teachers signed up like everyone, then an admin made them teachers (unlimited projects). */
function createTeachers(context: GenerationContext): UserDraft[] {
  const { scale, semester } = context;
  const sections = sectionCount(context);
  return Array.from({ length: scale.teachers }, (_, index) => {
    const at = semester.start - 14 * DAY + 9 * HOUR + index * 37 * MINUTE;
    const section = sections > 0 ? sectionName((index % sections) + 1) : null;
    const profile: Profile = {
      account_type: 'teacher',
      max_projects: null,
      gitname: null,
      section,
      group: null,
    };
    return signUp(context, teacherEmail(index + 1), at, profile);
  });
}

function sectionCount(context: GenerationContext): number {
  const { teachers, teachersPerTeam } = context.scale;
  return teachersPerTeam > 0 ? teachers / teachersPerTeam : 0;
}

/** Students sign up during the week before the semester; team t belongs to section t mod sections. */
function createTeam(context: GenerationContext, number: number, teachers: UserDraft[]): Team {
  const { rng, scale, semester } = context;
  const sections = sectionCount(context);
  const section = sections > 0 ? ((number - 1) % sections) + 1 : 0;
  const students = Array.from({ length: scale.studentsPerTeam }, (_, index) => {
    const email = studentEmail(number, index + 1);
    const at = semester.start - rng.int(1, 7) * DAY + rng.int(8 * 60, 22 * 60) * MINUTE;
    return signUp(context, email, at, {
      account_type: 'user',
      max_projects: DEFAULT_MAX_PROJECTS,
      gitname: rng.chance(0.6) ? email.split('@')[0]! : null,
      section: section > 0 ? sectionName(section) : null,
      group: teamGroup(number),
    });
  });
  // Section s has the teachers s, s + sections, s + 2·sections… (teachersPerTeam of them).
  const teamTeachers = teachers.filter((_, index) => sections > 0 && (index % sections) + 1 === section);
  return { number, students, teachers: teamTeachers };
}

/** The admin, the teachers and every team's students, each with their default folder. */
export function createPeople(context: GenerationContext): { admin: UserDraft; teams: Team[] } {
  const admin = createAdmin(context);
  const teachers = createTeachers(context);
  const teams = Array.from({ length: context.scale.teams }, (_, index) =>
    createTeam(context, index + 1, teachers),
  );
  return { admin, teams };
}

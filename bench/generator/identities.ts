/** The generated accounts' addresses, deterministic so benchmarks can sign in without a summary. */
export const COURSE_DOMAIN = 'course.example';
export const ADMIN_EMAIL = `admin@${COURSE_DOMAIN}`;
/** Every generated account signs in with this password. */
export const COURSE_PASSWORD = 'course-password-2026';

const pad = (n: number) => String(n).padStart(2, '0');

/** Team numbers and student numbers start at 1; student 1 owns the team's project. */
export function studentEmail(team: number, student: number): string {
  return `student-${pad(team)}-${student}@${COURSE_DOMAIN}`;
}

export function teacherEmail(teacher: number): string {
  return `teacher-${pad(teacher)}@${COURSE_DOMAIN}`;
}

/** An invitee without an account. */
export function guestEmail(team: number, guest: number): string {
  return `guest-${pad(team)}-${guest}@outside.example`;
}

export function teamGroup(team: number): string {
  return `Team ${pad(team)}`;
}

export function sectionName(section: number): string {
  return `S${section}`;
}

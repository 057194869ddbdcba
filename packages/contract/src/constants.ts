/** Business constants of docs/spec.md §9, shared by the server and the web app. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** Name of the cookie that remembers the interface language (docs/spec.md §1). */
export const LANGUAGE_COOKIE = 'language';

export const PASSWORD_MIN_LENGTH = 8;
/** Upper bound so a hash request cannot be used to burn CPU. */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const SHORT_TEXT_MAX_LENGTH = 100;

export const REQUEST_TIMEOUT_MS = 7000;
export const ADD_MEMBER_TIMEOUT_MS = 30000;
export const CHAT_REQUEST_TIMEOUT_MS = 20_000_000;
export const TOAST_AUTO_CLOSE_MS = 3000;
export const ONLINE_POLL_INTERVAL_MS = 5000;
export const ONLINE_POLL_TIMEOUT_MS = 5000;
export const SENDER_NAME_MAX_LENGTH = 100;
export const TASK_SEARCH_DEBOUNCE_MS = 500;
export const CREATE_TASK_DEBOUNCE_MS = 100;
export const DEFAULT_REPORT_RANGE_DAYS = 7;
export const MAX_TAGS_PER_LESSON = 5;

/** Default `max_projects` for a new student account (docs/product.md). */
export const DEFAULT_MAX_PROJECTS = 5;

/** Profile photo upload rules. */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const ALLOWED_IMAGE_EXTENSIONS = ['jpeg', 'png', 'gif', 'webp'] as const;

/** First semester of the semester list; the list runs to the current one (docs/product.md). */
export const FIRST_SEMESTER = '2018-1';

/** Lists every semester from FIRST_SEMESTER up to the one containing `today`. */
export function semesterList(today: Date = new Date()): string[] {
  const lastYear = today.getUTCFullYear();
  const lastHalf = today.getUTCMonth() < 6 ? 1 : 2;
  const semesters: string[] = [];
  for (let year = 2018; year <= lastYear; year++) {
    for (const half of [1, 2]) {
      if (year === lastYear && half > lastHalf) break;
      semesters.push(`${year}-${half}`);
    }
  }
  return semesters;
}

/**
 * The semesters a course (a template, a team project's place) may name: the profile's list and the
 * next one, so a teacher can prepare next term's teams before it starts.
 */
export function courseSemesterList(today: Date = new Date()): string[] {
  const list = semesterList(today);
  const [year, half] = list.at(-1)!.split('-').map(Number) as [number, number];
  return [...list, half === 1 ? `${year}-2` : `${year + 1}-1`];
}

/**
 * Header of a create that may be retried (a time-out hid its answer): the server runs one create per
 * user and key and answers a retry with the first answer (docs/api-boards.md, Idempotent creates).
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

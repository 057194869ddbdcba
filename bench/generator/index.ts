/** The course generator's public surface (README.md). */
export { generateCourse, type GenerateCourseOptions } from './generate-course.js';
export { expectedCounts } from './expected-counts.js';
export { ADMIN_EMAIL, COURSE_PASSWORD, guestEmail, studentEmail, teacherEmail } from './identities.js';
export { FULL_SCALE, SCALES, SMALL_SCALE, type CourseScale, type ScaleName } from './scale.js';
export type { CourseSummary } from './summary.js';
export { TABLES, type TableCounts, type TableName } from './tables.js';

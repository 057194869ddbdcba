import type { Migration } from 'kysely';
import * as createUsers from './2026_11_22_0400_create_users.js';
import * as createProjects from './2026_11_22_0500_create_projects.js';
import * as createBoards from './2026_11_22_0600_create_boards.js';
import * as addBoardVersions from './2026_11_22_0700_add_board_versions.js';
import * as widenRealColumns from './2026_11_22_0800_widen_real_columns.js';
import * as createIdempotencyKeys from './2026_11_24_0100_create_idempotency_keys.js';
import * as createLessons from './2026_11_25_2200_create_lessons.js';
import * as createCodeHosting from './2026_11_26_0500_create_code_hosting.js';
import * as addReportSettings from './2026_11_26_0800_add_report_settings.js';
import * as createStandups from './2026_11_26_1000_create_standups.js';
import * as createEvaluations from './2026_11_26_1200_create_evaluations.js';
import * as createKnowledgeForms from './2026_11_26_1300_create_knowledge_forms.js';
import * as createUserIdentities from './2026_11_26_1500_create_user_identities.js';
import * as createAuditEvents from './2026_11_26_1510_create_audit_events.js';
import * as createTermsVersions from './2026_11_26_1520_create_terms_versions.js';
import * as createUserActivityDays from './2026_11_26_1530_create_user_activity_days.js';
import * as createAssistant from './2026_11_26_1600_create_assistant.js';
import * as addJobPayloads from './2026_11_26_2300_add_job_payloads.js';
import * as createEvaluationReminders from './2026_11_27_0000_create_evaluation_reminders.js';
import * as addProjectCourse from './2026_11_27_0100_add_project_course.js';
import * as createMilestoneSnapshots from './2026_11_27_0200_create_milestone_snapshots.js';
import * as createCourseTemplates from './2026_11_27_0300_create_course_templates.js';
import * as dropLessonSelfVotes from './2026_12_02_0500_drop_lesson_self_votes.js';

/**
 * Every migration, by name, in order. A static map (not a folder scan) because the server is
 * bundled into one file. Add new migrations at the end; never edit a landed one.
 */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0400_create_users': createUsers,
  '2026_11_22_0500_create_projects': createProjects,
  '2026_11_22_0600_create_boards': createBoards,
  '2026_11_22_0700_add_board_versions': addBoardVersions,
  '2026_11_22_0800_widen_real_columns': widenRealColumns,
  '2026_11_24_0100_create_idempotency_keys': createIdempotencyKeys,
  '2026_11_25_2200_create_lessons': createLessons,
  '2026_11_26_0500_create_code_hosting': createCodeHosting,
  '2026_11_26_0800_add_report_settings': addReportSettings,
  '2026_11_26_1000_create_standups': createStandups,
  '2026_11_26_1200_create_evaluations': createEvaluations,
  '2026_11_26_1300_create_knowledge_forms': createKnowledgeForms,
  '2026_11_26_1500_create_user_identities': createUserIdentities,
  '2026_11_26_1510_create_audit_events': createAuditEvents,
  '2026_11_26_1520_create_terms_versions': createTermsVersions,
  '2026_11_26_1530_create_user_activity_days': createUserActivityDays,
  '2026_11_26_1600_create_assistant': createAssistant,
  '2026_11_26_2300_add_job_payloads': addJobPayloads,
  '2026_11_27_0000_create_evaluation_reminders': createEvaluationReminders,
  '2026_11_27_0100_add_project_course': addProjectCourse,
  '2026_11_27_0200_create_milestone_snapshots': createMilestoneSnapshots,
  '2026_11_27_0300_create_course_templates': createCourseTemplates,
  '2026_12_02_0500_drop_lesson_self_votes': dropLessonSelfVotes,
};

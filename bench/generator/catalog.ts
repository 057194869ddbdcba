/** The words a generated course is made of: names, columns, labels, titles, comments. */

export const FIRST_NAMES = [
  'Ana',
  'Bruno',
  'Camila',
  'Diego',
  'Elena',
  'Felipe',
  'Gabriela',
  'Hugo',
  'Isabel',
  'Javier',
  'Karen',
  'Lucas',
  'María',
  'Nicolás',
  'Olivia',
  'Pablo',
  'Renata',
  'Sebastián',
  'Sofía',
  'Tomás',
  'Valentina',
  'Andrés',
  'Beatriz',
  'Carlos',
  'Daniela',
  'Emma',
  'Fernando',
  'Grace',
  'Henry',
  'Irene',
  'James',
  'Laura',
  'Martín',
  'Noah',
  'Paula',
  'Ricardo',
  'Sarah',
  'Teresa',
  'Victor',
  'Zoe',
] as const;

export const LAST_NAMES = [
  'García',
  'Rodríguez',
  'González',
  'Fernández',
  'López',
  'Martínez',
  'Sánchez',
  'Pérez',
  'Rojas',
  'Muñoz',
  'Díaz',
  'Torres',
  'Vargas',
  'Castro',
  'Silva',
  'Morales',
  'Ortiz',
  'Reyes',
  'Navarro',
  'Smith',
  'Johnson',
  'Brown',
  'Taylor',
  'Wilson',
  'Clark',
  'Lewis',
  'Walker',
  'Hall',
  'Young',
  'King',
  'Wright',
  'Scott',
  'Green',
  'Baker',
  'Adams',
  'Nelson',
  'Hill',
  'Campbell',
  'Mitchell',
  'Roberts',
] as const;

export const PROJECT_IDEAS = [
  'Campus Marketplace',
  'Study Room Booking',
  'Lab Inventory',
  'Carpool Finder',
  'Cafeteria Menu',
  'Library Assistant',
  'Event Planner',
  'Tutor Match',
  'Recycling Tracker',
  'Bike Sharing',
  'Club Manager',
  'Exam Scheduler',
  'Lost and Found',
  'Sports Courts',
  'Internship Board',
  'Thesis Tracker',
  'Peer Review Hub',
  'Campus Map',
  'Volunteer Network',
  'Print Queue',
] as const;

/** A board's columns, left to right; a board of n columns takes the first n - 2 and the last 2. */
export const COLUMN_NAMES = [
  'Ideas',
  'Backlog',
  'Sprint backlog',
  'To do',
  'In progress',
  'Code review',
  'Testing',
  'Ready to deploy',
  'Done',
  'Released',
] as const;

export const BOARD_NAMES = ['Development', 'Documentation', 'Research'] as const;

/** Colors in the lowercase `#rrggbb` form the labels service stores. */
export const LABELS = [
  { name: 'bug', color: '#d73a4a' },
  { name: 'feature', color: '#0e8a16' },
  { name: 'docs', color: '#0075ca' },
  { name: 'frontend', color: '#fbca04' },
  { name: 'backend', color: '#5319e7' },
  { name: 'testing', color: '#c2e0c6' },
  { name: 'design', color: '#f9d0c4' },
  { name: 'devops', color: '#bfdadc' },
] as const;

export const TASK_VERBS = [
  'Implement',
  'Design',
  'Fix',
  'Refactor',
  'Test',
  'Document',
  'Review',
  'Deploy',
  'Add',
  'Improve',
] as const;

export const TASK_OBJECTS = [
  'sign-in form',
  'user profile page',
  'search endpoint',
  'database schema',
  'booking calendar',
  'notification emails',
  'admin dashboard',
  'payment flow',
  'image upload',
  'API pagination',
  'error messages',
  'mobile layout',
  'CI pipeline',
  'unit tests for the cart',
  'password reset',
  'export to CSV',
  'dark mode',
  'accessibility of forms',
  'Spanish translation',
  'landing page',
  'rate limiting',
  'report charts',
  'onboarding tour',
  'map view',
  'settings screen',
] as const;

export const DESCRIPTIONS = [
  'As a student I want this so that I can finish my work faster.',
  'Acceptance criteria:\n- works on mobile\n- has tests\n- reviewed by a teammate',
  'See the wireframes in the shared drive. Keep it **simple** for the first sprint.',
  'Follow the API conventions: snake_case fields, ISO dates.',
  'Blocked by nothing yet; estimate after the spike.',
] as const;

export const COMMENTS = [
  'I started on this, will push a draft tonight.',
  'Can someone review my PR? It touches the **models** too.',
  'Moved the deadline: we depend on the API team.',
  'Looks good to me :+1:',
  'We should split this task, it is too big for one sprint.',
  'Added tests for the edge cases.',
  'Found a bug when the list is empty, fixing it now.',
  'Teacher feedback: keep the scope small.',
  'Done on my side, needs QA.',
  'Paired with a teammate on this, see the notes in the wiki.',
  '`npm test` passes locally, CI is still running.',
  'Question: do we support Spanish here too?',
] as const;

export const CHECKLIST_ITEMS = [
  'Write the acceptance criteria',
  'Create the branch',
  'Implement',
  'Write unit tests',
  'Update the documentation',
  'Open a pull request',
  'Address review comments',
  'Deploy to staging',
] as const;

export const BLOCKED_REASONS = [
  'Waiting for the API of another team',
  'Need access to the staging server',
  'Design not approved yet',
  'Depends on the database migration',
] as const;

export const PRIORITIES = ['low', 'medium', 'medium', 'high', 'high', 'urgent'] as const;

export const EXPECTED_HOURS = [1, 2, 3, 4, 5, 6, 8, 10, 12, 16] as const;

/** Hour entries a student reports, in the half-hour steps the UI offers (exact in binary floats). */
export const HOUR_AMOUNTS = [0.5, 1, 1, 1.5, 2, 2, 2.5, 3, 4] as const;

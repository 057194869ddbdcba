/** Cache keys of the assistant; all start with `assistant`, so signing out or one change can reach them all. */
export const assistantKeys = {
  all: ['assistant'] as const,
  conversations: ['assistant', 'conversations'] as const,
  messages: (conversationId: number) => ['assistant', 'messages', conversationId] as const,
  engines: ['assistant', 'engines'] as const,
  settings: ['assistant', 'settings'] as const,
  /** The "add to a board" picker: projects, a project's boards, a board's columns. */
  targets: (...parts: (string | number)[]) => ['assistant', 'targets', ...parts] as const,
};

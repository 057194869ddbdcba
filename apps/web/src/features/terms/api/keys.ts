/** Cache keys of the terms (features/terms). */
export const termsKeys = {
  all: ['terms'] as const,
  current: ['terms', 'current'] as const,
  acceptance: ['terms', 'acceptance'] as const,
  history: ['terms', 'history'] as const,
};

/** What a test may change in a stand-up row. */
type StandupText = { did?: string; will_do?: string; feeling?: number };

/**
 * A stand-up row of `userId` on `day`, submitted at 09:00 UTC that day: one hour, stress 2, feeling 4,
 * not blocked, unless `changes` says otherwise.
 */
export function standupRow(projectId: number, userId: number, day: string, changes: StandupText = {}) {
  const at = `${day}T09:00:00.000Z`;
  return {
    project_id: projectId,
    user_id: userId,
    day,
    did: 'd',
    will_do: 'w',
    blockers: '',
    is_blocked: 0,
    hours: 1,
    stress: 2,
    feeling: 4,
    created_at: at,
    updated_at: at,
    ...changes,
  };
}

import { useQuery } from '@tanstack/react-query';
import type { MilestoneSnapshot, MilestoneSnapshotSummary } from '@teamboard/contract';
import { api } from '../../../lib/api-client';

export const snapshotKeys = {
  ofProject: (projectId: string) => ['milestone-snapshots', 'project', projectId] as const,
  ofMilestone: (milestoneId: number) => ['milestone-snapshots', 'milestone', milestoneId] as const,
  one: (snapshotId: number) => ['milestone-snapshots', 'one', snapshotId] as const,
};

/** GET /api/projects/:id/milestone_snapshots — every snapshot of the project (deleted milestones' too). */
export async function getProjectSnapshots(projectId: string): Promise<MilestoneSnapshotSummary[]> {
  const body = await api.get<{ data: MilestoneSnapshotSummary[] }>(
    `/projects/${encodeURIComponent(projectId)}/milestone_snapshots`,
  );
  return body.data;
}

export function useProjectSnapshots(projectId: string) {
  return useQuery({
    queryKey: snapshotKeys.ofProject(projectId),
    queryFn: () => getProjectSnapshots(projectId),
  });
}

/**
 * GET /api/milestones/:id/snapshots — the milestone's snapshots, newest deadline first. Past its
 * deadline, the server takes the current deadline's snapshot on this call if the job has not yet.
 */
export async function getMilestoneSnapshots(milestoneId: number): Promise<MilestoneSnapshotSummary[]> {
  const body = await api.get<{ data: MilestoneSnapshotSummary[] }>(`/milestones/${milestoneId}/snapshots`);
  return body.data;
}

export function useMilestoneSnapshots(milestoneId: number | null) {
  return useQuery({
    queryKey: snapshotKeys.ofMilestone(milestoneId ?? 0),
    queryFn: () => getMilestoneSnapshots(milestoneId!),
    enabled: milestoneId !== null,
  });
}

/** GET /api/milestone_snapshots/:id — one snapshot with its frozen body (it never changes). */
export async function getMilestoneSnapshot(snapshotId: number): Promise<MilestoneSnapshot> {
  const body = await api.get<{ data: MilestoneSnapshot }>(`/milestone_snapshots/${snapshotId}`);
  return body.data;
}

export function useMilestoneSnapshot(snapshotId: number | null) {
  return useQuery({
    queryKey: snapshotKeys.one(snapshotId ?? 0),
    queryFn: () => getMilestoneSnapshot(snapshotId!),
    enabled: snapshotId !== null,
    // Frozen: what was read once stays true.
    staleTime: Infinity,
  });
}

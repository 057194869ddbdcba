import type { APIRequestContext } from '@playwright/test';
import { apiCredentials, createConfirmedUser, uniqueEmail } from './accounts';
import { createTeacher } from './admin';
import { apiData } from './locale';
import { localDay } from './reports';

type Headers = Awaited<ReturnType<typeof apiCredentials>>;

/** The ids of one seeded course that the screen list fills its addresses with. */
export interface SeededCourse {
  teacherEmail: string;
  projectId: number;
  boardId: number;
  taskId: number;
  milestoneId: number;
  pastMilestoneId: number;
  snapshotId: number;
  lessonId: number;
  standupId: number;
  evaluationId: number;
  formId: number;
  studentId: number;
}

/** Two students join the teacher's project as members, each accepting into their own folder. */
async function addStudents(request: APIRequestContext, teacher: Headers, projectId: number) {
  const students: Headers[] = [];
  for (const name of ['Sofía Student', 'Tomás Student']) {
    const student = await createConfirmedUser(request, name, uniqueEmail('crawl-student'));
    const headers = await apiCredentials(request, student.email);
    const invitation = await apiData<{ id: number }>(
      request.post(`/api/projects/${projectId}/invitations`, {
        headers: teacher,
        data: { email: headers.uid, role: 'member' },
      }),
    );
    const folders = await apiData<{ id: number }[]>(request.get('/api/folders', { headers }));
    await apiData(
      request.post(`/api/project_invitations/${invitation.id}/accept_invitation`, {
        headers,
        data: { folder_id: folders[0]!.id },
      }),
    );
    students.push(headers);
  }
  return students;
}

/** A board with three columns and tasks in a running and a past milestone, with hours logged. */
async function seedBoard(
  request: APIRequestContext,
  teacher: Headers,
  projectId: number,
  memberIds: number[],
) {
  const post = <T>(url: string, data: object, headers = teacher) =>
    apiData<T>(request.post(url, { headers, data }));
  const running = await post<{ milestone_id: number }>(`/api/projects/${projectId}/milestones`, {
    milestone_name: 'Sprint 2',
    start_date: localDay(-5),
    deadline: localDay(9),
    sprint: true,
  });
  const past = await post<{ milestone_id: number }>(`/api/projects/${projectId}/milestones`, {
    milestone_name: 'Sprint 1',
    start_date: localDay(-20),
    deadline: localDay(-6),
    sprint: true,
  });
  const board = await post<{ id: number }>(`/api/projects/${projectId}/boards`, { name: 'Sprint board' });
  const columns: number[] = [];
  for (const name of ['To do', 'Doing', 'Done'])
    columns.push((await post<{ id: number }>(`/api/boards/${board.id}/columns`, { name })).id);
  const taskIds: number[] = [];
  const plan = [
    { title: 'Draft the survey', column: 0, milestone: running, completed: false },
    { title: 'Interview two users', column: 1, milestone: running, completed: false },
    { title: 'Set up the repository', column: 2, milestone: past, completed: true },
  ];
  for (const [index, item] of plan.entries()) {
    const task = await post<{ id: number }>(`/api/columns/${columns[item.column]}/tasks`, {
      title: item.title,
    });
    await apiData(
      request.put(`/api/tasks/${task.id}`, {
        headers: teacher,
        data: {
          milestone_id: item.milestone.milestone_id,
          expected_hours: 3,
          completed: item.completed,
          assigned: [memberIds[index % memberIds.length]!],
        },
      }),
    );
    await post(`/api/tasks/${task.id}/hours`, { hours: 1.5, date: localDay(-index - 1) });
    taskIds.push(task.id);
  }
  return {
    boardId: board.id,
    taskId: taskIds[0]!,
    milestoneId: running.milestone_id,
    pastMilestoneId: past.milestone_id,
  };
}

/** A team evaluation of every member, sent. */
async function seedEvaluation(
  request: APIRequestContext,
  teacher: Headers,
  projectId: number,
  memberIds: number[],
) {
  const evaluation = await apiData<{ id: number }>(
    request.post(`/api/projects/${projectId}/evaluations`, {
      headers: teacher,
      data: {
        title: 'Mid-term evaluation',
        description: 'How the team worked together',
        type: 'team',
        initial_date: localDay(),
        deadline: localDay(7),
        member_ids: memberIds,
        questions: [{ kind: 'scale', text: 'Shares the work fairly' }],
      },
    }),
  );
  await apiData(request.post(`/api/evaluations/${evaluation.id}/send`, { headers: teacher }));
  return evaluation.id;
}

/**
 * One realistic course, seeded through the API: a teacher who owns a team project with two student
 * members, a board with tasks and hours in two milestones, a lesson, a stand-up report, a sent team
 * evaluation and a knowledge form.
 */
export async function seedCourse(request: APIRequestContext): Promise<SeededCourse> {
  const teacherAccount = await createTeacher(request, 'Teresa Teacher', uniqueEmail('crawl-teacher'));
  const teacher = await apiCredentials(request, teacherAccount.email);
  const project = await apiData<{ id: number }>(
    request.post('/api/projects', { headers: teacher, data: { name: 'Campus map' } }),
  );
  const students = await addStudents(request, teacher, project.id);
  const members = await apiData<{ id: number; name: string }[]>(
    request.get(`/api/projects/${project.id}/members`, { headers: teacher }),
  );
  const memberIds = members.map((member) => member.id);
  const board = await seedBoard(request, teacher, project.id, memberIds);
  const lesson = await apiData<{ id: number }>(
    request.post(`/api/projects/${project.id}/lessons`, {
      headers: teacher,
      data: {
        title: 'Agree on the branch names',
        problem: 'Two branches had the same purpose.',
        solution: 'Write the naming rule in the README.',
        tags: ['git'],
        language: 'en',
      },
    }),
  );
  const standup = await apiData<{ id: number }>(
    request.post(`/api/projects/${project.id}/standups`, {
      headers: students[0]!,
      data: { did: 'Drew the map', will_do: 'Test it', hours: 2, stress: 2, feeling: 4 },
    }),
  );
  const evaluationId = await seedEvaluation(request, teacher, project.id, memberIds);
  const form = await apiData<{ id: number }>(
    request.post('/api/knowledge_forms', {
      headers: teacher,
      data: {
        title: 'Tools you know',
        opens_on: localDay(-1),
        closes_on: localDay(10),
        items: [{ name: 'Git' }, { name: 'SQL' }],
      },
    }),
  );
  // Reading a past milestone's snapshots takes its snapshot now, as opening the screen would.
  const snapshots = await apiData<{ id: number }[]>(
    request.get(`/api/milestones/${board.pastMilestoneId}/snapshots`, { headers: teacher }),
  );
  return {
    snapshotId: snapshots[0]!.id,
    teacherEmail: teacherAccount.email,
    projectId: project.id,
    ...board,
    lessonId: lesson.id,
    standupId: standup.id,
    evaluationId,
    formId: form.id,
    studentId: members.find((member) => member.name === 'Sofía Student')!.id,
  };
}

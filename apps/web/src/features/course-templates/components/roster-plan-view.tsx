import {
  Accordion,
  Alert,
  Anchor,
  Badge,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { RosterLineError, RosterPlan, RosterStudentStatus, RosterTeamStatus } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../lib/use-format';

const TEAM_COLORS: Record<RosterTeamStatus, string> = { create: 'green', update: 'blue', unchanged: 'gray' };
const STUDENT_COLORS: Record<RosterStudentStatus, string> = {
  invite: 'green',
  invited: 'gray',
  member: 'gray',
};
const SEPARATORS = { ',': 'comma', ';': 'semicolon', '\t': 'tab' } as const;
const SUMMARY_KEYS = [
  'rows',
  'teams_to_create',
  'teams_to_update',
  'teams_unchanged',
  'invitations_to_send',
  'students_unchanged',
  'viewers_to_add',
] as const;

/** The path of a team project's board (app/route-table.tsx). */
const projectPath = (projectId: number) => `/project/${projectId}`;

/** A roster's plan (a preview) or its outcome: the figures, every line's problem, the teams. */
export function RosterPlanView({ plan }: { plan: RosterPlan }) {
  const { t } = useTranslation('course-templates');
  const format = useFormat();
  return (
    <Stack gap="md">
      {plan.separator !== null && (
        <Text size="xs" c="dimmed">
          {t('roster.separator', { separator: t(`roster.separators.${SEPARATORS[plan.separator]}`) })}
        </Text>
      )}
      {plan.error_count > 0 && <RosterErrors plan={plan} />}
      {!plan.applied && (
        <section aria-labelledby="roster-summary-title">
          <Title order={3} size="h5" id="roster-summary-title" mb="xs">
            {t('roster.summary.title')}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
            {SUMMARY_KEYS.map((key) => (
              <Paper key={key} withBorder p="xs">
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {t(`roster.summary.${key}`)}
                </Text>
                <Text fw={700} size="lg">
                  {format.number(plan.summary[key])}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        </section>
      )}
      {plan.applied && <ProjectLinks plan={plan} />}
      {plan.teams.length > 0 && <RosterTeams plan={plan} />}
    </Stack>
  );
}

function RosterErrors({ plan }: { plan: RosterPlan }) {
  const { t } = useTranslation('course-templates');
  const problem = (error: RosterLineError) => {
    const params: Record<string, string | number> = { ...error.params };
    // A column a message names reads in the reader's language ("equipo").
    if (typeof params.column === 'string') params.column = t(`roster.columns.${params.column}`);
    return t(`errors:${error.code}`, params);
  };
  return (
    <Alert color="red" title={t('roster.errors_title', { count: plan.error_count })} role="alert">
      <Stack gap="xs">
        <Text size="sm">{t('roster.errors_hint')}</Text>
        {plan.errors.length < plan.error_count && (
          <Text size="sm">{t('roster.errors_more', { shown: plan.errors.length })}</Text>
        )}
        <Table withTableBorder withColumnBorders verticalSpacing={4} fz="sm" bg="var(--mantine-color-body)">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="4.5rem">{t('roster.line')}</Table.Th>
              <Table.Th w="6.5rem">{t('roster.column')}</Table.Th>
              <Table.Th>{t('roster.problem')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {plan.errors.map((error, index) => (
              <Table.Tr key={`${error.line}-${error.column}-${error.code}-${index}`}>
                <Table.Td>{error.line ?? t('roster.whole_file')}</Table.Td>
                <Table.Td>{error.column ? t(`roster.columns.${error.column}`) : t('roster.none')}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{problem(error)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Alert>
  );
}

function ProjectLinks({ plan }: { plan: RosterPlan }) {
  const { t } = useTranslation('course-templates');
  return (
    <section aria-labelledby="roster-projects-title">
      <Title order={3} size="h5" id="roster-projects-title" mb="xs">
        {t('roster.projects_title')}
      </Title>
      <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {plan.teams.map((team) =>
          team.project_id === null ? null : (
            <li key={team.project_id}>
              <Group gap="xs" wrap="nowrap">
                <Anchor
                  component={Link}
                  to={projectPath(team.project_id)}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {team.project_name}
                </Anchor>
                <Badge size="sm" variant="light" color={TEAM_COLORS[team.status]} style={{ flexShrink: 0 }}>
                  {t(`roster.team_status.${team.status}`)}
                </Badge>
              </Group>
            </li>
          ),
        )}
      </Stack>
    </section>
  );
}

function RosterTeams({ plan }: { plan: RosterPlan }) {
  const { t } = useTranslation('course-templates');
  const none = t('roster.none');
  return (
    <section aria-labelledby="roster-teams-title">
      <Title order={3} size="h5" id="roster-teams-title" mb="xs">
        {t('roster.teams_title')}
      </Title>
      <Accordion variant="separated" multiple>
        {plan.teams.map((team) => (
          <Accordion.Item key={team.team} value={team.team}>
            <Accordion.Control>
              <Group gap="xs" justify="space-between" wrap="wrap">
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {team.team}
                </Text>
                <Group gap={6}>
                  <Badge size="sm" variant="light" color={TEAM_COLORS[team.status]}>
                    {t(`roster.team_status.${team.status}`)}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {t('roster.students_count', { count: team.students.length })}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {`${t('roster.section')}: ${team.section ?? none} · ${t('roster.group')}: ${team.group ?? none}`}
                  </Text>
                </Group>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Text size="xs" c="dimmed" mb={6} style={{ overflowWrap: 'anywhere' }}>
                {t('roster.project')}: {team.project_name}
              </Text>
              <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {team.students.map((student) => (
                  <li key={student.email}>
                    <Group gap="xs" justify="space-between" wrap="wrap">
                      <div style={{ minWidth: 0 }}>
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {student.email}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {`${t('roster.line')} ${student.line}${student.name ? ` · ${student.name}` : ''} · ${t(`roster.roles.${student.role}`)}`}
                        </Text>
                      </div>
                      <Badge size="sm" variant="light" color={STUDENT_COLORS[student.status]}>
                        {t(`roster.student_status.${student.status}`)}
                      </Badge>
                    </Group>
                  </li>
                ))}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </section>
  );
}

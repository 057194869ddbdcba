import { Button, Loader, Tabs } from '@mantine/core';
import type { LessonSummary } from '@teamboard/contract';
import { IconBulb, IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { useMyLessons } from '../api/get-my-lessons';
import { useProjectLessons } from '../api/get-project-lessons';
import { LESSON_TABS, useLessonsUrlState, type LessonTab } from '../hooks/lessons-url-state';
import { LessonFormModal } from './lesson-form-modal';
import { LessonList } from './lesson-list';
import { LessonReview } from './lesson-review';
import { LessonSearch } from './lesson-search';

interface LessonsScreenProps {
  projectId: string;
  /** Owners and members write lessons. */
  canWrite: boolean;
  /** Admins review them (the Manage tab). */
  isAdmin: boolean;
}

/** /project/:id/lessons: search every published lesson, this project's, my own, and (admins) manage. */
export function LessonsScreen({ projectId, canWrite, isAdmin }: LessonsScreenProps) {
  const { t } = useTranslation('lessons');
  const navigate = useNavigate();
  const [state, update] = useLessonsUrlState();
  const [isWriting, setIsWriting] = useState(false);
  const base = `/project/${encodeURIComponent(projectId)}/lessons`;
  const lessonPath = (lessonId: number) => `${base}/${lessonId}`;
  const linkTo = (lesson: LessonSummary) => lessonPath(lesson.lesson_id);
  const tab: LessonTab = state.tab === 'manage' && !isAdmin ? 'search' : state.tab;
  const tabList = useRef<HTMLDivElement>(null);

  // On a phone the row of tabs scrolls: the chosen one (from the URL, too) is kept in view.
  useEffect(() => {
    tabList.current
      ?.querySelector<HTMLElement>('[aria-selected="true"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  return (
    <Page title={t('title')}>
      {canWrite && (
        <Button
          w="fit-content"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setIsWriting(true)}
        >
          {t('write')}
        </Button>
      )}
      <Tabs
        value={tab}
        onChange={(value) => value && update({ tab: value as LessonTab })}
        keepMounted={false}
      >
        {/* One row on a phone too: the tabs scroll sideways instead of wrapping under each other. */}
        <Tabs.List
          ref={tabList}
          mb="sm"
          style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}
        >
          {(isAdmin ? LESSON_TABS : LESSON_TABS.filter((value) => value !== 'manage')).map((value) => (
            <Tabs.Tab key={value} value={value} px={{ base: 'xs', sm: 'md' }} style={{ flexShrink: 0 }}>
              {t(`tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="search">
          <LessonSearch state={state} onChange={update} lessonPath={lessonPath} />
        </Tabs.Panel>
        <Tabs.Panel value="project">
          <ProjectLessons projectId={projectId} linkTo={linkTo} />
        </Tabs.Panel>
        <Tabs.Panel value="mine">
          <MyLessons linkTo={linkTo} />
        </Tabs.Panel>
        {isAdmin && (
          <Tabs.Panel value="manage">
            <LessonReview linkTo={linkTo} />
          </Tabs.Panel>
        )}
      </Tabs>
      <LessonFormModal
        opened={isWriting}
        projectId={projectId}
        onClose={() => setIsWriting(false)}
        onSaved={(lesson) => void navigate(lessonPath(lesson.lesson_id))}
      />
    </Page>
  );
}

type LinkTo = (lesson: LessonSummary) => string;

function ProjectLessons({ projectId, linkTo }: { projectId: string; linkTo: LinkTo }) {
  const { t } = useTranslation('lessons');
  const { data: lessons, isPending } = useProjectLessons(projectId);
  if (isPending) return <Loader size="sm" role="status" aria-label={t('loading')} />;
  if (!lessons || lessons.length === 0)
    return (
      <EmptyState
        icon={<IconBulb aria-hidden size={28} />}
        title={t('project.empty')}
        description={t('project.empty_hint')}
      />
    );
  return <LessonList lessons={lessons} label={t('project.list')} linkTo={linkTo} />;
}

function MyLessons({ linkTo }: { linkTo: LinkTo }) {
  const { t } = useTranslation('lessons');
  const { data: lessons, isPending } = useMyLessons();
  if (isPending) return <Loader size="sm" role="status" aria-label={t('loading')} />;
  if (!lessons || lessons.length === 0)
    return (
      <EmptyState
        icon={<IconBulb aria-hidden size={28} />}
        title={t('mine.empty')}
        description={t('mine.empty_hint')}
      />
    );
  return <LessonList lessons={lessons} label={t('mine.list')} linkTo={linkTo} />;
}

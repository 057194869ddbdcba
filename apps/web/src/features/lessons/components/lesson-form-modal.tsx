import type { Lesson } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { GuardedModal } from '../../../components/guarded-modal';
import { LessonForm } from './lesson-form';
import { useIsPhone } from '../../../lib/phone';

interface LessonFormModalProps {
  opened: boolean;
  projectId: string;
  lesson?: Lesson;
  onClose: () => void;
  onSaved?: (lesson: Lesson) => void;
}

/** The lesson form in a dialog; on a phone it takes the whole screen. */
export function LessonFormModal({ opened, projectId, lesson, onClose, onSaved }: LessonFormModalProps) {
  const { t } = useTranslation('lessons');
  const isPhone = useIsPhone();
  return (
    <GuardedModal
      opened={opened}
      onClose={onClose}
      size="48rem"
      fullScreen={isPhone}
      title={lesson ? t('form.edit_title') : t('form.create_title')}
    >
      {opened && (
        <LessonForm
          key={lesson?.lesson_id ?? 'new'}
          projectId={projectId}
          lesson={lesson}
          onCancel={onClose}
          onDone={(saved) => {
            onClose();
            onSaved?.(saved);
          }}
        />
      )}
    </GuardedModal>
  );
}

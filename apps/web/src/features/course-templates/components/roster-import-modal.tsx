import { Alert, Button, Code, FileInput, Group, Stack, TagsInput, Text, Textarea } from '@mantine/core';
import { IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { ROSTER_CO_TEACHERS_MAX, type CourseTemplate, type RosterPlan } from '@teamboard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedModal, useDiscardGuard } from '../../../components/guarded-modal';
import { isApiError } from '../../../lib/api-error';
import { downloadCsv } from '../../../lib/csv';
import { useImportRoster } from '../api/import-roster';
import { readCsvFile } from '../hooks/read-csv-file';
import { RosterPlanView } from './roster-plan-view';
import { useIsPhone } from '../../../lib/phone';

interface RosterImportModalProps {
  /** The template to import into; null: closed. */
  template: CourseTemplate | null;
  onClose: () => void;
}

/** "Import roster": choose or paste a CSV, preview the plan and its problems, import, see the projects. */
export function RosterImportModal({ template, onClose }: RosterImportModalProps) {
  const { t } = useTranslation('course-templates');
  const isPhone = useIsPhone();
  return (
    <GuardedModal
      opened={template !== null}
      onClose={onClose}
      fullScreen={isPhone}
      size="xl"
      title={template ? t('roster.title', { name: template.name }) : undefined}
    >
      {template && <RosterImport key={template.id} template={template} onDone={onClose} />}
    </GuardedModal>
  );
}

type Step = 'input' | 'preview' | 'done';

function RosterImport({ template, onDone }: { template: CourseTemplate; onDone: () => void }) {
  const { t } = useTranslation('course-templates');
  const run = useImportRoster(template.id);
  const [csv, setCsv] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [coTeachers, setCoTeachers] = useState<string[]>([]);
  const [plan, setPlan] = useState<RosterPlan | null>(null);
  const [step, setStep] = useState<Step>('input');
  const [problem, setProblem] = useState<string | null>(null);
  // Once imported, closing loses nothing; before, a chosen file, pasted text or co-teachers would be.
  useDiscardGuard(step !== 'done' && (csv !== '' || file !== null || coTeachers.length > 0));

  async function handleFile(chosen: File | null) {
    setFile(chosen);
    setProblem(null);
    if (!chosen) return;
    try {
      setCsv(await readCsvFile(chosen));
    } catch {
      setProblem(t('roster.read_failed'));
    }
  }

  function preview() {
    if (csv.trim() === '') {
      setProblem(t('roster.empty_text'));
      return;
    }
    setProblem(null);
    run.mutate(
      { csv, co_teachers: coTeachers, dry_run: true },
      {
        onSuccess: (answer) => {
          setPlan(answer);
          setStep('preview');
        },
        onError: (error) => setProblem(error.message),
      },
    );
  }

  function carryOut() {
    run.mutate(
      { csv, co_teachers: coTeachers },
      {
        onSuccess: (answer) => {
          setPlan(answer);
          setStep('done');
        },
        onError: (error) => {
          // Refused: something changed since the preview; preview again to show what.
          setProblem(
            isApiError(error) && error.code === 'ROSTER_NOT_VALID' ? t('roster.refused') : error.message,
          );
          if (isApiError(error) && error.code === 'ROSTER_NOT_VALID') preview();
        },
      },
    );
  }

  const hasWork =
    plan !== null &&
    plan.summary.teams_to_create +
      plan.summary.teams_to_update +
      plan.summary.invitations_to_send +
      plan.summary.viewers_to_add >
      0;
  return (
    <Stack gap="md">
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {step === 'input' && (
        <RosterInput
          csv={csv}
          file={file}
          coTeachers={coTeachers}
          onFile={(chosen) => void handleFile(chosen)}
          onCsv={setCsv}
          onCoTeachers={setCoTeachers}
        />
      )}
      {step !== 'input' && plan && (
        <>
          {step === 'done' && (
            <Alert color="green" title={t('roster.done_title')}>
              {t('roster.done', {
                created: plan.summary.teams_to_create,
                updated: plan.summary.teams_to_update,
                invitations: plan.summary.invitations_to_send,
              })}
            </Alert>
          )}
          {step === 'done' && plan.not_mailed.length > 0 && (
            <Alert color="yellow">
              {t('roster.not_mailed', { count: plan.not_mailed.length, emails: plan.not_mailed.join(', ') })}
            </Alert>
          )}
          {step === 'preview' && plan.error_count === 0 && !hasWork && (
            <Alert color="blue">{t('roster.nothing_to_do')}</Alert>
          )}
          <RosterPlanView plan={plan} />
        </>
      )}
      <Group justify="flex-end" gap="xs">
        {step === 'input' && (
          <>
            <Button variant="default" onClick={onDone}>
              {t('roster.cancel')}
            </Button>
            <Button onClick={preview} loading={run.isPending}>
              {t('roster.preview')}
            </Button>
          </>
        )}
        {step === 'preview' && (
          <>
            <Button variant="default" onClick={() => setStep('input')}>
              {t('roster.change')}
            </Button>
            <Button onClick={carryOut} loading={run.isPending} disabled={plan!.error_count > 0 || !hasWork}>
              {t('roster.import')}
            </Button>
          </>
        )}
        {step === 'done' && <Button onClick={onDone}>{t('roster.close')}</Button>}
      </Group>
    </Stack>
  );
}

interface RosterInputProps {
  csv: string;
  file: File | null;
  coTeachers: string[];
  onFile: (file: File | null) => void;
  onCsv: (csv: string) => void;
  onCoTeachers: (emails: string[]) => void;
}

function RosterInput({ csv, file, coTeachers, onFile, onCsv, onCoTeachers }: RosterInputProps) {
  const { t } = useTranslation('course-templates');
  const example = `${t('roster.example_header')}\n${t('roster.example_rows')}\n`;
  function downloadExample() {
    // The catalog's own sample (no one's data), in the separator of its language; a BOM, so that a
    // spreadsheet reads the accents right.
    downloadCsv(t('roster.example_file'), `\uFEFF${example}`);
  }
  return (
    <Stack gap="sm">
      <Text size="sm">{t('roster.intro')}</Text>
      <Text size="sm" c="dimmed">
        {t('roster.owner_rule')}
      </Text>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            {t('roster.example')}
          </Text>
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={downloadExample}
          >
            {t('roster.download_example')}
          </Button>
        </Group>
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {example}
        </Code>
      </Stack>
      <FileInput
        label={t('roster.file')}
        placeholder={t('roster.file_placeholder')}
        accept=".csv,text/csv,text/plain"
        leftSection={<IconFileTypeCsv size={16} aria-hidden />}
        clearable
        value={file}
        onChange={onFile}
      />
      <Textarea
        label={t('roster.paste')}
        autosize
        minRows={3}
        maxRows={10}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        value={csv}
        onChange={(event) => onCsv(event.currentTarget.value)}
      />
      <TagsInput
        label={t('roster.co_teachers')}
        description={t('roster.co_teachers_hint')}
        placeholder={t('roster.co_teachers_placeholder')}
        maxTags={ROSTER_CO_TEACHERS_MAX}
        splitChars={[',', ';', ' ']}
        value={coTeachers}
        onChange={onCoTeachers}
      />
    </Stack>
  );
}

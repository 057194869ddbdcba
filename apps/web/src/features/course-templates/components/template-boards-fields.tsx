import { ActionIcon, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  COURSE_TEMPLATE_BOARDS_MAX,
  COURSE_TEMPLATE_COLUMNS_MAX,
  NAME_MAX_LENGTH,
} from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { newKey, replaced, type BoardDraft, type DraftErrors } from './template-draft';

interface TemplateBoardsFieldsProps {
  boards: BoardDraft[];
  errors: DraftErrors;
  onChange: (boards: BoardDraft[]) => void;
}

/** The template's boards, each with its columns in order. */
export function TemplateBoardsFields({ boards, errors, onChange }: TemplateBoardsFieldsProps) {
  const { t } = useTranslation('course-templates');
  const message = (path: string) => (errors[path] ? t(`errors:${errors[path]}`) : undefined);
  return (
    <Stack gap="xs" role="group" aria-labelledby="template-boards-label">
      <Text fw={600} size="sm" id="template-boards-label">
        {t('editor.boards')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('editor.boards_hint', {
          boards: COURSE_TEMPLATE_BOARDS_MAX,
          columns: COURSE_TEMPLATE_COLUMNS_MAX,
        })}
      </Text>
      {boards.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('editor.none')}
        </Text>
      )}
      {boards.map((board, index) => {
        const number = index + 1;
        const setColumns = (columns: BoardDraft['columns']) =>
          onChange(replaced(boards, board.key, { columns }));
        return (
          <Card key={board.key} withBorder padding="sm">
            <Stack gap={6}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <TextInput
                  style={{ flex: 1 }}
                  label={t('editor.board_name', { number })}
                  required
                  maxLength={NAME_MAX_LENGTH}
                  value={board.name}
                  error={message(`boards.${index}.name`)}
                  onChange={(event) =>
                    onChange(replaced(boards, board.key, { name: event.currentTarget.value }))
                  }
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mt={24}
                  aria-label={t('editor.remove_board', { number })}
                  onClick={() => onChange(boards.filter((other) => other.key !== board.key))}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
              {board.columns.map((column, columnIndex) => {
                const label = t('editor.column_name', { column: columnIndex + 1, board: number });
                return (
                  <Group key={column.key} gap="xs" wrap="nowrap" pl="md">
                    <TextInput
                      style={{ flex: 1 }}
                      size="xs"
                      aria-label={label}
                      placeholder={label}
                      maxLength={NAME_MAX_LENGTH}
                      value={column.name}
                      error={message(`boards.${index}.columns.${columnIndex}.name`)}
                      onChange={(event) =>
                        setColumns(replaced(board.columns, column.key, { name: event.currentTarget.value }))
                      }
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('editor.remove_column', { column: columnIndex + 1, board: number })}
                      onClick={() => setColumns(board.columns.filter((other) => other.key !== column.key))}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                );
              })}
              {message(`boards.${index}.columns`) && (
                <Text size="xs" c="red" role="alert" pl="md">
                  {message(`boards.${index}.columns`)}
                </Text>
              )}
              <Group pl="md">
                <Button
                  size="xs"
                  variant="subtle"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  disabled={board.columns.length >= COURSE_TEMPLATE_COLUMNS_MAX}
                  onClick={() => setColumns([...board.columns, { key: newKey(), name: '' }])}
                  aria-label={`${t('editor.add_column')} (${board.name || t('editor.board_name', { number })})`}
                >
                  {t('editor.add_column')}
                </Button>
              </Group>
            </Stack>
          </Card>
        );
      })}
      {message('boards') && (
        <Text size="sm" c="red" role="alert">
          {message('boards')}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={boards.length >= COURSE_TEMPLATE_BOARDS_MAX}
          onClick={() =>
            onChange([...boards, { key: newKey(), name: '', columns: [{ key: newKey(), name: '' }] }])
          }
        >
          {t('editor.add_board')}
        </Button>
      </Group>
    </Stack>
  );
}

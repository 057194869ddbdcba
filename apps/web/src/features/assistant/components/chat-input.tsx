import {
  ActionIcon,
  Badge,
  CloseButton,
  FileButton,
  Group,
  Image,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconPhotoPlus, IconSend } from '@tabler/icons-react';
import { ASSISTANT_PROMPT_MAX_LENGTH, ASSISTANT_IMAGE_MAX_BYTES } from '@teamboard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canSend, imageFormatOf, imageRefusal, readAsDataUrl, type Draft } from '../hooks/send-rules';
import type { AssistantChat } from '../hooks/use-assistant-chat';

const ACCEPTED_TYPES = 'image/jpeg,image/png,image/gif,image/webp';
const EMPTY_DRAFT: Draft = { prompt: '', image: null };
const MAX_MEGABYTES = `${ASSISTANT_IMAGE_MAX_BYTES / (1024 * 1024)} MB`;

function TaskContext({ chat }: { chat: AssistantChat }) {
  const { t } = useTranslation('assistant');
  const context = chat.taskContext;
  if (chat.conversationId !== null || context?.taskId === undefined) return null;
  const label =
    context.taskTitle === undefined
      ? t('input.task_context_id', { id: context.taskId })
      : t('input.task_context', { title: context.taskTitle });
  return (
    <Group gap={4}>
      <Badge
        variant="light"
        maw="100%"
        rightSection={
          <CloseButton size="xs" aria-label={t('input.drop_task')} onClick={chat.clearTaskContext} />
        }
      >
        {label}
      </Badge>
    </Group>
  );
}

/** The picked image's thumbnail, with a button to take it off. */
function ImageThumbnail({ image, onRemove }: { image: NonNullable<Draft['image']>; onRemove: () => void }) {
  const { t } = useTranslation('assistant');
  return (
    <Group gap={4} align="flex-start">
      <Image
        src={image.base64}
        alt={t('input.image_alt')}
        h={64}
        w="auto"
        maw={120}
        fit="contain"
        radius="sm"
      />
      <CloseButton size="sm" aria-label={t('input.remove_image')} onClick={onRemove} />
    </Group>
  );
}

/**
 * The question box (SPEC §5): Enter sends, Shift+Enter starts a new line; the image tabs take an
 * image (jpeg, png, gif or webp — anything else is refused here, with the SPEC's message, and
 * nothing is sent). Send waits while the last answer is still arriving.
 */
export function ChatInput({ chat }: { chat: AssistantChat }) {
  const { t } = useTranslation(['assistant', 'errors']);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [imageError, setImageError] = useState<string | null>(null);
  const isImageKind = chat.kind !== 'standard';
  const isSendable = canSend(chat.kind, draft, chat.isAnswerPending);

  const handleFile = async (file: File | null) => {
    if (file === null) return;
    const refusal = imageRefusal(file);
    const extension = imageFormatOf(file);
    if (refusal !== null || extension === null) {
      setImageError(t(`errors:${refusal ?? 'IMAGE_FORMAT_NOT_ALLOWED'}`, { max: MAX_MEGABYTES }));
      return;
    }
    setImageError(null);
    const base64 = await readAsDataUrl(file);
    setDraft((current) => ({ ...current, image: { base64, extension } }));
  };

  const handleSend = () => {
    if (!isSendable) return;
    // The standard tab sends text only (SPEC §5); its image button is not there.
    void chat.send(isImageKind ? draft : { ...draft, image: null });
    setDraft(EMPTY_DRAFT);
  };

  return (
    <Stack gap={6}>
      <TaskContext chat={chat} />
      {draft.image !== null && (
        <ImageThumbnail
          image={draft.image}
          onRemove={() => setDraft((current) => ({ ...current, image: null }))}
        />
      )}
      {imageError !== null && (
        <Text size="sm" c="red" role="alert">
          {imageError}
        </Text>
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        {isImageKind && (
          <FileButton accept={ACCEPTED_TYPES} onChange={(file) => void handleFile(file)}>
            {(props) => (
              <Tooltip label={t('input.attach')}>
                <ActionIcon {...props} size="lg" variant="default" aria-label={t('input.attach')}>
                  <IconPhotoPlus size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
          </FileButton>
        )}
        <Textarea
          style={{ flex: 1 }}
          aria-label={t('input.label')}
          placeholder={t(`input.placeholder.${chat.kind}`)}
          autosize
          minRows={1}
          maxRows={6}
          maxLength={ASSISTANT_PROMPT_MAX_LENGTH}
          value={draft.prompt}
          onChange={(event) => {
            const prompt = event.currentTarget.value;
            setDraft((current) => ({ ...current, prompt }));
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            handleSend();
          }}
        />
        <ActionIcon size="lg" aria-label={t('input.send')} disabled={!isSendable} onClick={handleSend}>
          <IconSend size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <Text size="xs" c="dimmed">
        {isImageKind && draft.image === null ? t('input.image_needed') : t('input.hint')}
      </Text>
    </Stack>
  );
}

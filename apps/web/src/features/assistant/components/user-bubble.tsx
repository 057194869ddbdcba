import { Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Only an image the browser reads as one: a stored value is never used as any other kind of URL. */
const IMAGE_DATA_URL = /^data:image\/(jpeg|png|gif|webp);base64,/i;

/** A question as sent: its text and the attached image's thumbnail. */
export function UserBubble({ prompt, imageBase64 }: { prompt: string; imageBase64: string | null }) {
  const { t } = useTranslation('assistant');
  return (
    <Group justify="flex-end">
      <Paper p="sm" radius="md" maw="85%" bg="var(--mantine-primary-color-light)">
        <Stack gap={6}>
          <Text size="xs" c="dimmed" fw={600}>
            {t('messages.you')}
          </Text>
          {imageBase64 !== null && IMAGE_DATA_URL.test(imageBase64) && (
            <Image
              src={imageBase64}
              alt={t('messages.image_alt')}
              maw={220}
              mah={160}
              fit="contain"
              radius="sm"
            />
          )}
          {prompt !== '' && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {prompt}
            </Text>
          )}
        </Stack>
      </Paper>
    </Group>
  );
}

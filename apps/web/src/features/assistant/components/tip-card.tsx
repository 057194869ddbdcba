import { ActionIcon, Badge, Button, Card, Group, List, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconThumbDown, IconThumbDownFilled } from '@tabler/icons-react';
import type { AssistantKind, AssistantSource } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import type { Tip } from '../hooks/chat-turns';
import { tipHeading } from '../hooks/tip-heading';
import { useEngineName } from '../hooks/use-engine-name';
import { AnswerLink, AssistantMarkdown } from './assistant-markdown';
import { CodePreview } from './code-preview';
import { StoryCards } from './story-cards';

interface TipCardProps {
  tip: Tip;
  /** The conversation's mode: an image answer is named for what it is, not as a numbered tip. */
  kind: AssistantKind;
  isChosen: boolean;
  /** The whole batch has arrived: its tips can be chosen and disliked. */
  canAct: boolean;
  isDisliked: boolean;
  isChoosing: boolean;
  isDisliking: boolean;
  onChoose: () => void;
  onDislike: () => void;
  onNavigate: () => void;
}

function Sources({ sources, onNavigate }: { sources: AssistantSource[]; onNavigate: () => void }) {
  const { t } = useTranslation('assistant');
  if (sources.length === 0) return null;
  return (
    <Stack gap={2}>
      <Text size="xs" fw={600} c="dimmed">
        {t('tips.sources')}
      </Text>
      <List size="xs" spacing={2}>
        {sources.map((source) => (
          <List.Item key={`${source.kind}-${source.id}`}>
            {source.url === null ? (
              <Text span size="xs">
                {source.title}
              </Text>
            ) : (
              <Text span size="xs">
                <AnswerLink href={source.url} onNavigate={onNavigate}>
                  {source.title}
                </AnswerLink>
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

function TipBody({ tip, onNavigate }: { tip: Tip; onNavigate: () => void }) {
  const { t } = useTranslation('assistant');
  if (tip.text === '' && tip.artifact === null)
    return tip.isDone ? (
      <Text size="sm" c="dimmed">
        {t('tips.empty')}
      </Text>
    ) : (
      <Group gap="xs">
        <Loader size="xs" type="dots" aria-hidden />
        <Text size="sm" c="dimmed">
          {t('tips.writing')}
        </Text>
      </Group>
    );
  return (
    <Stack gap="sm">
      {tip.text !== '' && <AssistantMarkdown text={tip.text} onNavigate={onNavigate} />}
      {tip.artifact?.kind === 'code' && <CodePreview code={tip.artifact} previewUrl={tip.previewUrl} />}
      {tip.artifact?.kind === 'stories' && <StoryCards stories={tip.artifact.stories} />}
    </Stack>
  );
}

/** One of the three alternative tips: who wrote it, its text as it streams, its sources. */
export function TipCard(props: TipCardProps) {
  const { tip, isChosen, canAct, isDisliked } = props;
  const { t } = useTranslation('assistant');
  const engineName = useEngineName();
  const heading = tipHeading(tip, props.kind, engineName(tip.engine), t);
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      shadow={isChosen ? 'sm' : undefined}
      component="article"
      aria-label={heading}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap={4} wrap="nowrap" align="flex-start">
          <Text size="sm" fw={700}>
            {heading}
          </Text>
          {isChosen && canAct && (
            // The card's name wraps beside it on a phone; the badge keeps its words whole.
            <Badge
              size="sm"
              variant="light"
              style={{ flexShrink: 0 }}
              leftSection={<IconCheck size={12} aria-hidden />}
            >
              {t('tips.in_use')}
            </Badge>
          )}
        </Group>
        <TipBody tip={tip} onNavigate={props.onNavigate} />
        <Sources sources={tip.sources} onNavigate={props.onNavigate} />
        {canAct && (
          <Group gap="xs" mt="auto" justify="flex-end">
            {!isChosen && (
              <Button size="compact-sm" variant="light" loading={props.isChoosing} onClick={props.onChoose}>
                {t('tips.use')}
              </Button>
            )}
            {/* The dislike is the batch's (contract): it is said of the answer in use. */}
            {isChosen && (
              <Tooltip label={isDisliked ? t('tips.disliked') : t('tips.dislike')}>
                <ActionIcon
                  variant="subtle"
                  color={isDisliked ? 'red' : 'gray'}
                  aria-label={t('tips.dislike')}
                  aria-pressed={isDisliked}
                  disabled={isDisliked}
                  loading={props.isDisliking}
                  onClick={props.onDislike}
                >
                  {isDisliked ? (
                    <IconThumbDownFilled size={16} aria-hidden />
                  ) : (
                    <IconThumbDown size={16} aria-hidden />
                  )}
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

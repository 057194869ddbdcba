import { Card, List, Stack, Text } from '@mantine/core';
import type { AssistantStory } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { criterionText, storyStatement } from '../hooks/story-text';
import { AddStoryToBoard } from './add-story-to-board';

function StoryCard({ story }: { story: AssistantStory }) {
  const { t } = useTranslation('assistant');
  return (
    <Card withBorder padding="sm" radius="sm" component="article" aria-label={story.title}>
      <Stack gap={6}>
        <Text fw={600} size="sm">
          {story.title}
        </Text>
        <Text size="sm">{storyStatement(story, t)}</Text>
        {story.criteria.length > 0 && (
          <>
            <Text size="xs" fw={600} c="dimmed">
              {t('stories.criteria')}
            </Text>
            <List size="sm" spacing={2}>
              {story.criteria.map((criterion, index) => (
                <List.Item key={index}>{criterionText(criterion, t)}</List.Item>
              ))}
            </List>
          </>
        )}
        <AddStoryToBoard story={story} />
      </Stack>
    </Card>
  );
}

/** An image-stories answer: each user story found on the photo, addable to a board. */
export function StoryCards({ stories }: { stories: AssistantStory[] }) {
  return (
    <Stack gap="xs">
      {stories.map((story, index) => (
        <StoryCard key={`${index}-${story.title}`} story={story} />
      ))}
    </Stack>
  );
}

import { TASK_DESCRIPTION_MAX_LENGTH, type AssistantStory } from '@teamboard/contract';
import type { TFunction } from 'i18next';

type Criterion = AssistantStory['criteria'][number];

/** "As a… I want… so that…" / "Como… quiero… para…". */
export function storyStatement(story: AssistantStory, t: TFunction): string {
  return t('assistant:stories.statement', { asA: story.asA, iWant: story.iWant, soThat: story.soThat });
}

/** "Given… when… then…" / "Dado… cuando… entonces…". */
export function criterionText(criterion: Criterion, t: TFunction): string {
  return t('assistant:stories.criterion', criterion);
}

/** The description of the task a story becomes: the statement, then the criteria as a list. */
export function storyTaskDescription(story: AssistantStory, t: TFunction): string {
  const criteria = story.criteria.map((criterion) => `- ${criterionText(criterion, t)}`);
  const parts = [storyStatement(story, t)];
  if (criteria.length > 0) parts.push(`**${t('assistant:stories.criteria')}**`, criteria.join('\n'));
  return parts.join('\n\n').slice(0, TASK_DESCRIPTION_MAX_LENGTH);
}

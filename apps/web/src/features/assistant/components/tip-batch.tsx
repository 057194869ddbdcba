import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import {
  ASSISTANT_SLOTS,
  type AssistantBatch,
  type AssistantKind,
  type AssistantSlot,
} from '@teamboard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyFailure } from '../../../lib/notify';
import { useChooseTip, useDislikeTips } from '../api/batches';
import { batchOf, type ChatTurn, type Tip } from '../hooks/chat-turns';
import { FeedbackQuestion } from './feedback-question';
import { TipCard } from './tip-card';

interface TipBatchProps {
  turn: ChatTurn;
  conversationId: number;
  batches: AssistantBatch[];
  kind: AssistantKind;
  /** The last answer of the conversation: shown whole until a tip is chosen, and asked about. */
  isLatest: boolean;
  onNavigate: () => void;
}

const hasContent = (tip: Tip) => tip.engine !== null || tip.text !== '' || tip.artifact !== null;

/**
 * The standard chat always shows its three slots as they stream; an image answer fills tip1 only
 * (one image engine, docs/api-assistant.md), so only the slots that have something show.
 */
export function shownTips(turn: ChatTurn, kind: AssistantKind): Tip[] {
  const tips = ASSISTANT_SLOTS.map((slot) => turn.tips[slot]);
  if (kind === 'standard') return tips;
  const started = tips.filter(hasContent);
  return started.length > 0 ? started : [turn.tips.tip1];
}

/**
 * One answer: three alternative tips side by side (stacked on a phone). Choosing one makes it the
 * bot's answer (SPEC §4): the batch folds to the chosen tip, the others a click away. Older
 * answers show folded. After the last answer, "Did this help?".
 */
export function TipBatch({ turn, conversationId, batches, kind, isLatest, onNavigate }: TipBatchProps) {
  const { t } = useTranslation('assistant');
  const batch = batchOf(batches, turn.batchId);
  const isComplete = !turn.isStreaming && ASSISTANT_SLOTS.every((slot) => turn.tips[slot].isDone);
  const [isFolded, setIsFolded] = useState(!isLatest);
  // A newer question was asked: this answer folds to its chosen tip like the older ones.
  const [wasLatest, setWasLatest] = useState(isLatest);
  if (wasLatest !== isLatest) {
    setWasLatest(isLatest);
    if (!isLatest) setIsFolded(true);
  }
  const choose = useChooseTip();
  const dislike = useDislikeTips();
  const tips = shownTips(turn, kind);
  const canFold = isComplete && tips.length > 1;
  const visible = canFold && isFolded ? tips.filter((tip) => tip.slot === batch.chosenModel) : tips;
  const target = { conversationId, batchId: turn.batchId ?? 0 };

  const handleChoose = (slot: AssistantSlot) =>
    choose.mutate({ ...target, slot }, { onSuccess: () => setIsFolded(true), onError: notifyFailure });
  const handleDislike = () => dislike.mutate(target, { onError: notifyFailure });

  return (
    <Stack gap="xs">
      <SimpleGrid
        cols={{ base: 1, sm: Math.max(1, visible.length) }}
        spacing="xs"
        role="group"
        aria-label={t('tips.group_label')}
      >
        {visible.map((tip) => (
          <TipCard
            key={tip.slot}
            tip={tip}
            kind={kind}
            isChosen={tip.slot === batch.chosenModel}
            canAct={isComplete && turn.batchId !== null}
            isDisliked={batch.disliked}
            isChoosing={choose.isPending && choose.variables?.slot === tip.slot}
            isDisliking={dislike.isPending}
            onChoose={() => handleChoose(tip.slot)}
            onDislike={handleDislike}
            onNavigate={onNavigate}
          />
        ))}
      </SimpleGrid>
      {canFold && (
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={
              isFolded ? <IconChevronDown size={14} aria-hidden /> : <IconChevronUp size={14} aria-hidden />
            }
            aria-expanded={!isFolded}
            onClick={() => setIsFolded((folded) => !folded)}
          >
            {isFolded ? t('tips.show_others') : t('tips.hide_others')}
          </Button>
        </Group>
      )}
      {isLatest && isComplete && turn.batchId !== null && (
        <FeedbackQuestion conversationId={conversationId} batch={batch} />
      )}
    </Stack>
  );
}

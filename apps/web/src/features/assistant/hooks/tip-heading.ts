import { ASSISTANT_SLOTS, type AssistantKind } from '@teamboard/contract';
import type { TFunction } from 'i18next';
import type { Tip } from './chat-turns';

/** The offline engine of the image modes: it reads the image (OCR), it is not the tip base. */
const IMAGE_READER_ENGINE = 1;

/**
 * What a card is called. A standard answer is one of three tips, named by its writer ("Tip 1 ·
 * Tip base"). An image answer is the one thing made from the image, named for what it is ("Generated
 * code · from your image", or "· <model>" when a vision model read it); an answer that came back
 * without code or stories (an engine failed) is not credited to the image.
 */
export function tipHeading(
  tip: Tip,
  kind: AssistantKind,
  writer: string | null,
  t: TFunction<'assistant'>,
): string {
  if (kind === 'standard') {
    const number = ASSISTANT_SLOTS.indexOf(tip.slot) + 1;
    return writer === null ? t('tips.title', { number }) : t('tips.title_by', { number, engine: writer });
  }
  const what = kind === 'image_code' ? 'code' : 'stories';
  const failed = tip.isDone && tip.artifact === null;
  if (tip.engine === null || failed) return t(`tips.${what}_title`);
  const source = tip.engine === IMAGE_READER_ENGINE ? t('tips.from_image') : writer;
  return source === null ? t(`tips.${what}_title`) : t(`tips.${what}_title_by`, { engine: source });
}

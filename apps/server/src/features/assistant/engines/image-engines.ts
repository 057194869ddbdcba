import { translate } from '@teamboard/i18n/server';
import type { AssistantArtifact, AssistantEngineId, AssistantStory } from '@teamboard/contract';
import { AssistantStorySchema } from '@teamboard/contract';
import { z } from 'zod';
import type { ProviderConfig, StreamChat } from '../providers/provider.js';
import { mockupToSkeleton } from '../vision/mockup-skeleton.js';
import type { OcrEngine } from '../vision/ocr.js';
import { whiteboardToStories } from '../vision/whiteboard-stories.js';
import type { Engine, EngineAnswer, EngineQuestion } from './engine.js';
import type { ProviderTimeouts } from './provider-engine.js';

/** OCR of a large photo on this machine takes seconds; past this the answer is an error, not a wait. */
const OCR_TIMEOUT_MS = 60_000;

/** Image modes offline: OCR → an HTML/CSS/JS skeleton, or → user stories (vision/). Engine 1's slot. */
export class OcrImageEngine implements Engine {
  readonly id = 1;
  readonly streams = false;

  constructor(private readonly ocr: () => OcrEngine) {}

  async answer(question: EngineQuestion): Promise<EngineAnswer | null> {
    if (!question.image) return null;
    const page = await this.ocr().recognize(question.image.bytes, { timeoutMs: OCR_TIMEOUT_MS });
    if (question.kind === 'image_stories') {
      const { stories, markdown } = whiteboardToStories(page, question.language);
      return { markdown, sources: [], artifact: { kind: 'stories', stories } };
    }
    const { html, css, js, markdown } = mockupToSkeleton(page, question.language);
    return { markdown, sources: [], artifact: { kind: 'code', html, css, js } };
  }
}

const FENCE = /```(html|css|js|javascript)\s*\n([\s\S]*?)```/gi;

/** The three fenced blocks of a model's answer, or null when there is no HTML. */
export function codeFromMarkdown(markdown: string): AssistantArtifact | null {
  const blocks: Record<string, string> = {};
  for (const [, language, code] of markdown.matchAll(FENCE)) {
    const key = language!.toLowerCase() === 'javascript' ? 'js' : language!.toLowerCase();
    blocks[key] ??= code!.trim();
  }
  return blocks.html ? { kind: 'code', html: blocks.html, css: blocks.css ?? '', js: blocks.js ?? '' } : null;
}

const StoriesJson = z.object({ stories: z.array(AssistantStorySchema) });

/** The stories of a model's answer: a ```json block (or the whole answer) of `{ "stories": [...] }`. */
export function storiesFromMarkdown(markdown: string): AssistantStory[] | null {
  const fenced = /```json\s*\n([\s\S]*?)```/i.exec(markdown)?.[1] ?? markdown;
  try {
    const parsed = StoriesJson.safeParse(JSON.parse(fenced));
    return parsed.success && parsed.data.stories.length > 0 ? parsed.data.stories : null;
  } catch {
    return null;
  }
}

/** Image modes with a vision model (engines 3 and 4): the model reads the image. */
export class VisionModelEngine implements Engine {
  readonly streams = true;

  constructor(
    readonly id: AssistantEngineId,
    private readonly stream: StreamChat,
    private readonly config: () => Promise<ProviderConfig | null>,
    private readonly timeouts: ProviderTimeouts,
  ) {}

  async answer(question: EngineQuestion, onDelta: (text: string) => void): Promise<EngineAnswer | null> {
    const config = await this.config();
    if (!config || !question.image) return null;
    const instruction = translate(question.language, `assistant_engine:vision.${question.kind}`);
    const text = question.question.trim() ? `${instruction}\n\n${question.question}` : instruction;
    let markdown = '';
    const turns = [
      {
        role: 'user' as const,
        text,
        image: { mediaType: question.image.mediaType, base64: question.image.bytes.toString('base64') },
      },
    ];
    for await (const delta of this.stream(config, turns, {
      signal: question.signal,
      maxTokens: 4000,
      // Reading an image takes a model longer before its first word.
      firstTokenTimeoutMs: this.timeouts.firstTokenMs * 4,
      idleTimeoutMs: this.timeouts.idleMs,
    })) {
      markdown += delta;
      onDelta(delta);
    }
    if (question.kind === 'image_stories') {
      const stories = storiesFromMarkdown(markdown);
      return stories && { markdown, sources: [], artifact: { kind: 'stories', stories } };
    }
    const artifact = codeFromMarkdown(markdown);
    return artifact && { markdown, sources: [], artifact };
  }
}

import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import { startOnFirstRequest } from '../../lib/first-request.js';
import { loadOnFirstUse } from '../../lib/load-on-first-use.js';
import { SecretBox } from '../../lib/sealed-secrets.js';
import { signPath, verifySignature } from '../../lib/signed-urls.js';
import { publishedLessonTexts } from '../lessons/lessons.service.js';
import { assistantAdminRoutes } from './assistant-admin.routes.js';
import { AssistantChat, type ChatEngines } from './assistant-chat.js';
import { assistantPreviewRoutes } from './assistant-preview.routes.js';
import { assistantRoutes } from './assistant.routes.js';
import { warmAssistant } from './assistant-warmup.js';
import { AssistantService } from './assistant.service.js';
import { AssistantSettingsService, checkOutbound, type ProviderKey } from './assistant-settings.js';
import { CoachEngine } from './engines/coach-engine.js';
import { OcrImageEngine, VisionModelEngine } from './engines/image-engines.js';
import { LessonsEngine, type LessonRetrieval } from './engines/lessons-engine.js';
import { ProviderEngine } from './engines/provider-engine.js';
import { TipsEngine } from './engines/tips-engine.js';
import { groundingFrom } from './grounding.js';
import { streamAnthropic } from './providers/anthropic.js';
import { streamOpenAiCompatible } from './providers/openai-compatible.js';
import type { ProviderConfig } from './providers/provider.js';
import { OcrEngine } from './vision/ocr.js';

const PREVIEW_PREFIX = '/api/assistant/previews/';
/** A preview link is signed for a day; the messages call signs a fresh one each time. */
const PREVIEW_LINK_SECONDS = 24 * 60 * 60;

/** The lessons search the lessons feature keeps, as the lessons engine reads it. */
export interface LessonSearchSource {
  search: LessonRetrieval['search'];
}

/** The assistant (docs/api-assistant.md): conversations, the three-tip stream, image modes, settings. */
export async function assistantFeature(
  app: FastifyInstance,
  core: AppCore,
  lessons: LessonSearchSource,
): Promise<void> {
  const { db, clock, config } = core;
  const settings = new AssistantSettingsService({
    db,
    clock,
    secrets: new SecretBox(config.secretKey, 'assistant provider keys'),
    allowedHosts: config.outboundAllowedHosts,
  });
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const conversations = new AssistantService({
    database: core.database,
    db,
    clock,
    previewUrl: (messageId) =>
      signPath(config.secretKey, PREVIEW_PREFIX, String(messageId), nowSeconds() + PREVIEW_LINK_SECONDS),
  });

  const providerConfig = (key: ProviderKey) => async (): Promise<ProviderConfig | null> => {
    const { providers } = await settings.engineSettings();
    const provider = providers[key];
    if (!provider.model) return null;
    // Again at every call: a name that resolved to a public address when saved may not any more.
    await checkOutbound(provider.baseUrl, config.outboundAllowedHosts);
    return { baseUrl: provider.baseUrl, model: provider.model, apiKey: provider.apiKey };
  };
  const lessonsEngine = new LessonsEngine({
    search: (query, options) => lessons.search(query, options),
    texts: (ids) => publishedLessonTexts(db, ids),
  });
  // The cards (~200 KB of text in two languages) are read at the first use, not held by an idle server.
  const tipBase = loadOnFirstUse(async () => new (await import('./tips/tip-base.js')).TipBase());
  const tipsEngine = new TipsEngine(tipBase);
  const coachEngine = new CoachEngine({ db, clock });
  const grounding = groundingFrom([lessonsEngine, tipsEngine, coachEngine]);
  // One warm OCR worker per instance, started on the first image (docs/api-assistant.md).
  let ocr: OcrEngine | null = null;
  const warmOcr = () => (ocr ??= new OcrEngine());
  app.addHook('onClose', async () => {
    await ocr?.close();
  });

  const engines: ChatEngines = {
    tips: {
      0: lessonsEngine,
      1: tipsEngine,
      2: coachEngine,
      3: new ProviderEngine(
        3,
        streamOpenAiCompatible,
        providerConfig('openai'),
        grounding,
        config.assistantTimeouts,
      ),
      4: new ProviderEngine(
        4,
        streamAnthropic,
        providerConfig('anthropic'),
        grounding,
        config.assistantTimeouts,
      ),
    },
    ocr: new OcrImageEngine(warmOcr),
    vision: {
      3: new VisionModelEngine(3, streamOpenAiCompatible, providerConfig('openai'), config.assistantTimeouts),
      4: new VisionModelEngine(4, streamAnthropic, providerConfig('anthropic'), config.assistantTimeouts),
    },
  };
  const chat = new AssistantChat({
    database: core.database,
    db,
    conversations,
    settings: () => settings.engineSettings(),
    engines,
    throttle: core.throttle,
    questionsPerMinute: config.assistantQuestionsPerMinute,
    log: core.log,
  });

  await app.register(async (scope) => {
    // Warmed in the background at the first assistant request (the chat window opening lists the
    // conversations), not at start: an idle server holds no tip index nor stemmers (~5 MB), and the
    // question typed next waits for nothing.
    startOnFirstRequest(
      scope,
      async () => warmAssistant({ tips: await tipBase(), lessons }),
      (error) => core.log.warn({ err: error }, 'assistant: warming up failed; the first question does it'),
    );
    await scope.register(assistantRoutes, {
      conversations,
      chat,
      settings,
      isProduction: config.nodeEnv === 'production',
    });
  });
  await app.register(assistantAdminRoutes, { settings });
  await app.register(assistantPreviewRoutes, {
    conversations,
    verify: (key, query) => {
      const { expires, signature } = (query ?? {}) as { expires?: unknown; signature?: unknown };
      return verifySignature(config.secretKey, key, expires, signature, nowSeconds());
    },
  });
}

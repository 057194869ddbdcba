import { z } from 'zod';
import { LanguageSchema } from './auth.js';
import { IdSchema } from './ids.js';

/**
 * The assistant (docs/api-assistant.md). A conversation holds user messages and, for each question,
 * a message batch: three alternative answers (the tip slots tip1..tip3), each written by an engine.
 * The SPEC §7 service speaks camelCase (conversationId, messageBatchId, chosenModel), and so does this
 * contract, so a SPEC client and the web app read the same shapes.
 */

/** standard: three tips; image_code: a mockup → an HTML/CSS/JS skeleton; image_stories: a photo → stories. */
export const ASSISTANT_KINDS = ['standard', 'image_code', 'image_stories'] as const;
export type AssistantKind = (typeof ASSISTANT_KINDS)[number];

/** The three answer slots of a batch; tip1 is selected until the user picks another (SPEC §9). */
export const ASSISTANT_SLOTS = ['tip1', 'tip2', 'tip3'] as const;
export type AssistantSlot = (typeof ASSISTANT_SLOTS)[number];
export const DEFAULT_ASSISTANT_SLOT: AssistantSlot = 'tip1';

/** The SPEC's chosenModel names, accepted beside the slot names, in slot order. */
export const SPEC_MODEL_SLOTS = { GPT_4o: 'tip1', CLAUDE_3_5: 'tip2', GPT_4o_STACKOVERFLOW: 'tip3' } as const;

/**
 * Engines (SPEC §9): 0 lessons learned, 1 the tip base, 2 the project coach (all three offline),
 * 3 any OpenAI-compatible endpoint, 4 Anthropic.
 */
export const ASSISTANT_ENGINES = ['lessons', 'tips', 'coach', 'openai', 'anthropic'] as const;
export type AssistantEngineKey = (typeof ASSISTANT_ENGINES)[number];
export const AssistantEngineIdSchema = z.number().int().min(0).max(4);
export type AssistantEngineId = 0 | 1 | 2 | 3 | 4;
/** The engines that need no network; a failing or slow slot falls back to one of these. */
export const OFFLINE_ENGINE_IDS: readonly AssistantEngineId[] = [0, 1, 2];
/** Which engine fills each slot when no administrator has chosen (the issue: 1, 0, 2). */
export const DEFAULT_SLOT_ENGINES: Record<AssistantSlot, AssistantEngineId> = { tip1: 1, tip2: 0, tip3: 2 };
/** Image modes: OCR on the server ('ocr'), or a configured vision model (3 or 4). */
export const ASSISTANT_IMAGE_ENGINES = ['ocr', 'openai', 'anthropic'] as const;
export type AssistantImageEngine = (typeof ASSISTANT_IMAGE_ENGINES)[number];

export const ASSISTANT_IMAGE_FORMATS = ['jpeg', 'png', 'gif', 'webp'] as const;
export type AssistantImageFormat = (typeof ASSISTANT_IMAGE_FORMATS)[number];
/** The decoded image; a phone photo of a whiteboard fits. */
export const ASSISTANT_IMAGE_MAX_BYTES = 6 * 1024 * 1024;
export const ASSISTANT_PROMPT_MAX_LENGTH = 4000;
export const ASSISTANT_TITLE_MAX_LENGTH = 120;
/** The title a conversation gets from its first question, before it is renamed. */
export const ASSISTANT_AUTO_TITLE_LENGTH = 60;

const title = z
  .string('TEXT_REQUIRED')
  .trim()
  .min(1, 'TEXT_REQUIRED')
  .max(ASSISTANT_TITLE_MAX_LENGTH, 'TEXT_TOO_LONG');

/** Where an answer's facts come from; the web links each. */
export const AssistantSourceSchema = z.object({
  kind: z.enum(['lesson', 'tip', 'task', 'project']),
  id: z.string(),
  title: z.string(),
  /** An app path (/lessons/12, /project/3?task=9), or null for a tip card. */
  url: z.string().nullable(),
});
export type AssistantSource = z.infer<typeof AssistantSourceSchema>;

/** A user story found on a whiteboard photo (image_stories). */
export const AssistantStorySchema = z.object({
  title: z.string(),
  asA: z.string(),
  iWant: z.string(),
  soThat: z.string(),
  /** Given/When/Then, one line each. */
  criteria: z.array(z.object({ given: z.string(), when: z.string(), then: z.string() })),
});
export type AssistantStory = z.infer<typeof AssistantStorySchema>;

/** What an image answer carries besides its text: code for the sandboxed preview, or stories. */
export const AssistantArtifactSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('code'), html: z.string(), css: z.string(), js: z.string() }),
  z.object({ kind: z.literal('stories'), stories: z.array(AssistantStorySchema) }),
]);
export type AssistantArtifact = z.infer<typeof AssistantArtifactSchema>;

export const AssistantConversationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(ASSISTANT_KINDS),
  /** The task the chat was opened from (its help-bot section), or null. */
  taskId: z.number().int().nullable(),
  updatedAt: z.string(),
  visible: z.boolean(),
});
export type AssistantConversation = z.infer<typeof AssistantConversationSchema>;

export const AssistantMessageSchema = z.object({
  id: z.number().int(),
  role: z.enum(['user', 'bot']),
  content: z.string(),
  /** A bot answer's batch (null on user messages). */
  messageBatchId: z.number().int().nullable(),
  /** A bot answer's slot (null on user messages). */
  model: z.enum(ASSISTANT_SLOTS).nullable(),
  /** The engine that wrote a bot answer (after any fallback). */
  engine: AssistantEngineIdSchema.nullable(),
  /** A user message's image as a data: URL, or null. */
  imageBase64: z.string().nullable(),
  sources: z.array(AssistantSourceSchema),
  artifact: AssistantArtifactSchema.nullable(),
  /**
   * For a code artifact: a signed same-origin link to the page that runs it, for an
   * `<iframe sandbox="allow-scripts">` (the app's own CSP would block the code's scripts in srcdoc).
   */
  previewUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type AssistantMessage = z.infer<typeof AssistantMessageSchema>;

export const AssistantBatchSchema = z.object({
  id: z.number().int(),
  chosenModel: z.enum(ASSISTANT_SLOTS),
  disliked: z.boolean(),
  /** The answer to "did this help?", or null before it. */
  helpful: z.boolean().nullable(),
});
export type AssistantBatch = z.infer<typeof AssistantBatchSchema>;

/** POST /api/assistant/conversation/messages/withModels. */
export const AssistantMessagesResponseSchema = z.object({
  conversation: AssistantConversationSchema,
  messages: z.array(AssistantMessageSchema),
  batches: z.array(AssistantBatchSchema),
});
export type AssistantMessagesResponse = z.infer<typeof AssistantMessagesResponseSchema>;

export const AssistantConversationListResponseSchema = z.object({
  data: z.array(AssistantConversationSchema),
});

/** POST /api/assistant/conversation/ (SPEC: userId, mail; both optional here, the session names the user). */
export const AssistantConversationCreateSchema = z.object({
  userId: z.number().int().optional(),
  mail: z.string().optional(),
  kind: z.enum(ASSISTANT_KINDS, 'FIELD_NOT_VALID').default('standard'),
  taskId: IdSchema.nullable().default(null),
});
export type AssistantConversationCreate = z.input<typeof AssistantConversationCreateSchema>;

export const AssistantConversationIdSchema = z.object({ conversationId: IdSchema });
export const AssistantTitleSchema = z.object({ id: IdSchema, title });
export const AssistantBatchIdSchema = z.object({ messageBatchId: IdSchema });
export const AssistantChooseSchema = z.object({
  messageBatchId: IdSchema,
  chosenModel: z.enum(
    [...ASSISTANT_SLOTS, ...(Object.keys(SPEC_MODEL_SLOTS) as (keyof typeof SPEC_MODEL_SLOTS)[])],
    'FIELD_NOT_VALID',
  ),
});
export const AssistantFeedbackSchema = z.object({
  messageBatchId: IdSchema,
  helpful: z.boolean('FIELD_NOT_VALID'),
});
/** POST /api/assistant/user/ (SPEC): a client announcing itself; answered with the session's user. */
export const AssistantUserSchema = z.object({
  userId: z.number().int().optional(),
  mail: z.string().optional(),
  os: z.string().max(100, 'TEXT_TOO_LONG').optional(),
});

/** A question: text, an image, or both. */
const AssistantAskFields = z.object({
  prompt: z.string().max(ASSISTANT_PROMPT_MAX_LENGTH, 'TEXT_TOO_LONG').default(''),
  image: z
    .object({
      /** Plain base64, or a data: URL. */
      base64: z.string().min(1, 'FIELD_NOT_VALID'),
      /** jpeg, jpg, png, gif or webp (checked against the bytes too). */
      extension: z.string().max(10, 'IMAGE_FORMAT_NOT_ALLOWED'),
    })
    .nullable()
    .default(null),
  /** The answer language; the asker's own when not given. */
  language: LanguageSchema.optional(),
  /** The project the asker is looking at, for the project coach (else the conversation's task's). */
  projectId: IdSchema.nullable().default(null),
});

/** An empty message with no image is not sent (SPEC §2). */
const notEmpty = { message: 'ASSISTANT_EMPTY_MESSAGE', path: ['prompt'] };
const hasContent = (body: { prompt: string; image: unknown }) =>
  body.prompt.trim() !== '' || body.image !== null;

/** POST /api/assistant/conversations/:id/responses: answered as a text/event-stream. */
export const AssistantAskSchema = AssistantAskFields.refine(hasContent, notEmpty);
export type AssistantAsk = z.input<typeof AssistantAskSchema>;

/** POST /api/assistant/chatbot/response (SPEC §7): the same, naming the conversation in the body. */
export const AssistantChatRequestSchema = AssistantAskFields.extend({ conversationId: IdSchema }).refine(
  hasContent,
  notEmpty,
);
export type AssistantChatRequest = z.input<typeof AssistantChatRequestSchema>;

/**
 * One `data:` line of the chat stream (JSON), ending with `data: [DONE]`. `model` is the slot, `id`
 * the batch, `data` the text. event: start (a slot's engine is known), delta (append data), reset
 * (the slot's engine failed or was too slow: drop its text, a fallback engine starts over), done (the
 * slot is complete: sources and artifact final), meta (conversation title set), error (the whole
 * answer failed; data is a localized message shown as a bot reply).
 */
export const AssistantStreamEventSchema = z.object({
  model: z.enum(ASSISTANT_SLOTS),
  id: z.number().int(),
  data: z.string(),
  event: z.enum(['start', 'delta', 'reset', 'done', 'meta', 'error']),
  engine: AssistantEngineIdSchema.optional(),
  messageId: z.number().int().optional(),
  sources: z.array(AssistantSourceSchema).optional(),
  artifact: AssistantArtifactSchema.nullable().optional(),
  previewUrl: z.string().nullable().optional(),
  conversationId: z.number().int().optional(),
  title: z.string().optional(),
});
export type AssistantStreamEvent = z.infer<typeof AssistantStreamEventSchema>;

/** POST /api/lessons/create (SPEC §7): a helpful exchange kept as lesson feedback. */
export const LessonFeedbackCreateSchema = z.object({
  /** The SPEC sends the user's id; the session's user is recorded whatever it says. */
  user: z.number('FIELD_NOT_VALID').int('FIELD_NOT_VALID').optional(),
  question: z
    .string('TEXT_REQUIRED')
    .trim()
    .min(1, 'TEXT_REQUIRED')
    .max(ASSISTANT_PROMPT_MAX_LENGTH, 'TEXT_TOO_LONG'),
  answer: z.string('TEXT_REQUIRED').trim().min(1, 'TEXT_REQUIRED').max(20_000, 'TEXT_TOO_LONG'),
  source: z.string().trim().max(100, 'TEXT_TOO_LONG').default(''),
});
export const LessonFeedbackSchema = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string() }),
  question: z.string(),
  answer: z.string(),
  source: z.string(),
  createdAt: z.string(),
});
export type LessonFeedback = z.infer<typeof LessonFeedbackSchema>;

/** An engine as anyone signed in may see it (GET /api/assistant/engines): no keys, no URLs. */
export const AssistantEngineSchema = z.object({
  id: AssistantEngineIdSchema,
  key: z.enum(ASSISTANT_ENGINES),
  offline: z.boolean(),
  /** Offline engines always; a provider once it has a model (and a key where one is needed). */
  configured: z.boolean(),
  model: z.string().nullable(),
  vision: z.boolean(),
});
export type AssistantEngine = z.infer<typeof AssistantEngineSchema>;

const providerModel = z.string().trim().max(200, 'TEXT_TOO_LONG');
const providerUrl = z
  .string()
  .trim()
  .max(500, 'TEXT_TOO_LONG')
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), 'URL_NOT_VALID');

/** A provider's settings as an administrator sees them: whether a key is set, never the key. */
export const AssistantProviderSchema = z.object({
  baseUrl: z.string(),
  model: z.string(),
  vision: z.boolean(),
  hasKey: z.boolean(),
});
export const AssistantSettingsSchema = z.object({
  slots: z.object({
    tip1: AssistantEngineIdSchema,
    tip2: AssistantEngineIdSchema,
    tip3: AssistantEngineIdSchema,
  }),
  imageEngine: z.enum(ASSISTANT_IMAGE_ENGINES),
  openai: AssistantProviderSchema,
  anthropic: AssistantProviderSchema,
  engines: z.array(AssistantEngineSchema),
});
export type AssistantSettings = z.infer<typeof AssistantSettingsSchema>;

const providerInput = z
  .object({
    baseUrl: providerUrl,
    model: providerModel,
    vision: z.boolean('FIELD_NOT_VALID'),
    /** A new key; absent keeps the stored one, null removes it. Stored encrypted, never returned. */
    apiKey: z.string().trim().max(500, 'TEXT_TOO_LONG').nullable().optional(),
  })
  .strict();
/** PUT /api/admin/assistant (admins). */
export const AssistantSettingsInputSchema = z
  .object({
    slots: z
      .object({
        tip1: AssistantEngineIdSchema,
        tip2: AssistantEngineIdSchema,
        tip3: AssistantEngineIdSchema,
      })
      .strict(),
    imageEngine: z.enum(ASSISTANT_IMAGE_ENGINES, 'FIELD_NOT_VALID'),
    openai: providerInput,
    anthropic: providerInput,
  })
  .strict();
export type AssistantSettingsInput = z.input<typeof AssistantSettingsInputSchema>;

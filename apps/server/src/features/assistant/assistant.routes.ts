import {
  AssistantAskSchema,
  AssistantBatchIdSchema,
  AssistantBatchSchema,
  AssistantChatRequestSchema,
  AssistantChooseSchema,
  AssistantConversationCreateSchema,
  AssistantConversationIdSchema,
  AssistantConversationListResponseSchema,
  AssistantConversationSchema,
  AssistantEngineSchema,
  AssistantFeedbackSchema,
  AssistantMessagesResponseSchema,
  AssistantTitleSchema,
  AssistantUserSchema,
  ASSISTANT_SLOTS,
  ASSISTANT_TITLE_MAX_LENGTH,
  LessonFeedbackCreateSchema,
  LessonFeedbackSchema,
} from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { onId, signedInRoute } from '../../access/access.js';
import { signedIn } from '../../plugins/auth.js';
import type { AssistantChat } from './assistant-chat.js';
import type { AssistantService } from './assistant.service.js';
import type { AssistantSettingsService } from './assistant-settings.js';
import { streamEvents } from './chat-stream.js';

const tags = ['assistant'];
const FeedbackResponseSchema = z.object({
  batch: AssistantBatchSchema,
  feedback: LessonFeedbackSchema.nullable(),
});
const ChatBodySchema = AssistantChatRequestSchema;
/** Never serialized (the handler writes the stream itself); documents the answer. */
const streamed = {
  200: z
    .string()
    .describe(
      'text/event-stream: `data: <AssistantStreamEvent>` lines, then `data: [DONE]` (docs/api-assistant.md)',
    ),
};

/**
 * The assistant (docs/api-assistant.md): our REST shape, and the SPEC §7 service's paths under
 * /api/assistant beside it, on the same handlers. Every conversation and batch is its owner's alone.
 */
export const assistantRoutes: FastifyPluginAsyncZod<{
  conversations: AssistantService;
  chat: AssistantChat;
  settings: AssistantSettingsService;
  isProduction: boolean;
}> = async (app, { conversations, chat, settings, isProduction }) => {
  // ---- Conversations ----
  const list = signedInRoute('signed_in', {
    tags,
    summary: "The caller's conversations, most recent first",
    response: { 200: AssistantConversationListResponseSchema },
  });
  app.get('/api/assistant/conversations', list, async (request) => ({
    data: await conversations.list(signedIn(request).user),
  }));
  app.post(
    '/api/assistant/conversation/all',
    {
      ...list,
      schema: { ...list.schema, summary: 'SPEC §7: the conversation list', body: AssistantUserSchema },
    },
    async (request) => ({ data: await conversations.list(signedIn(request).user) }),
  );

  const create = signedInRoute('signed_in', {
    tags,
    summary: 'Start a conversation (standard, image code or image stories; optionally about a task)',
    body: AssistantConversationCreateSchema,
    response: { 201: AssistantConversationSchema },
  });
  // POST /api/assistant/conversation/ is the SPEC's path (a trailing slash is the same route).
  for (const path of ['/api/assistant/conversations', '/api/assistant/conversation']) {
    app.post(path, create, async (request, reply) => {
      reply.code(201);
      return conversations.create(signedIn(request).user, request.body);
    });
  }

  const messagesResponse = { 200: AssistantMessagesResponseSchema };
  app.get(
    '/api/assistant/conversations/:id/messages',
    onId('signed_in', {
      tags,
      summary: 'A conversation with its messages and batches',
      response: messagesResponse,
    }),
    async (request) => conversations.messages(signedIn(request).user, request.params.id),
  );
  app.post(
    '/api/assistant/conversation/messages/withModels',
    signedInRoute('signed_in', {
      tags,
      summary: 'SPEC §7: a conversation with its messages and their three models',
      body: AssistantConversationIdSchema,
      response: messagesResponse,
    }),
    async (request) => conversations.messages(signedIn(request).user, request.body.conversationId),
  );

  app.patch(
    '/api/assistant/conversations/:id',
    onId('signed_in', {
      tags,
      summary: 'Rename a conversation',
      body: z.object({ title: AssistantTitleSchema.shape.title }),
      response: { 200: AssistantConversationSchema },
    }),
    async (request) => conversations.rename(signedIn(request).user, request.params.id, request.body.title),
  );
  app.put(
    '/api/assistant/conversation/title',
    signedInRoute('signed_in', {
      tags,
      summary: `SPEC §7: rename a conversation (at most ${ASSISTANT_TITLE_MAX_LENGTH} characters)`,
      body: AssistantTitleSchema,
      response: { 200: AssistantConversationSchema },
    }),
    async (request) => conversations.rename(signedIn(request).user, request.body.id, request.body.title),
  );

  app.delete(
    '/api/assistant/conversations/:id',
    onId('signed_in', {
      tags,
      summary: 'Delete a conversation and its messages',
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await conversations.remove(signedIn(request).user, request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/api/assistant/conversation/delete',
    signedInRoute('signed_in', {
      tags,
      summary: 'SPEC §7: delete a conversation',
      body: AssistantConversationIdSchema,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await conversations.remove(signedIn(request).user, request.body.conversationId);
      return reply.code(204).send(null);
    },
  );

  // ---- Asking: the answer streams ----
  app.post(
    '/api/assistant/chatbot/response',
    signedInRoute('signed_in', {
      tags,
      summary: 'SPEC §7: ask; three tips (or the image answer) stream back as server-sent events',
      body: ChatBodySchema,
      response: streamed,
    }),
    async (request, reply) => {
      const prepared = await chat.prepare(signedIn(request).user, request.body);
      await streamEvents(request, reply, { isProduction }, (emit, signal) =>
        chat.run(prepared, emit, signal),
      );
    },
  );
  app.post(
    '/api/assistant/conversations/:id/responses',
    onId('signed_in', {
      tags,
      summary: 'Ask in a conversation; the answer streams back as server-sent events',
      body: AssistantAskSchema,
      response: streamed,
    }),
    async (request, reply) => {
      const prepared = await chat.prepare(signedIn(request).user, {
        ...request.body,
        conversationId: request.params.id,
      });
      await streamEvents(request, reply, { isProduction }, (emit, signal) =>
        chat.run(prepared, emit, signal),
      );
    },
  );

  // ---- A batch: choose, dislike, "did this help?" ----
  const batchResponse = { 200: AssistantBatchSchema };
  app.patch(
    '/api/assistant/batches/:id',
    onId('signed_in', {
      tags,
      summary: 'Keep one of the three tips (it replaces the answer shown)',
      body: z.object({ chosenModel: AssistantChooseSchema.shape.chosenModel }),
      response: batchResponse,
    }),
    async (request) =>
      conversations.choose(signedIn(request).user, request.params.id, request.body.chosenModel),
  );
  app.patch(
    '/api/assistant/conversation/messageBatch',
    signedInRoute('signed_in', {
      tags,
      summary: `SPEC §7: the chosen model (${ASSISTANT_SLOTS.join(', ')} or the SPEC's names)`,
      body: AssistantChooseSchema,
      response: batchResponse,
    }),
    async (request) =>
      conversations.choose(signedIn(request).user, request.body.messageBatchId, request.body.chosenModel),
  );
  app.post(
    '/api/assistant/batches/:id/dislike',
    onId('signed_in', { tags, summary: 'Dislike a batch of tips', response: batchResponse }),
    async (request) => conversations.dislike(signedIn(request).user, request.params.id),
  );
  app.post(
    '/api/assistant/conversation/dislike',
    signedInRoute('signed_in', {
      tags,
      summary: 'SPEC §7: dislike a batch',
      body: AssistantBatchIdSchema,
      response: batchResponse,
    }),
    async (request) => conversations.dislike(signedIn(request).user, request.body.messageBatchId),
  );
  app.post(
    '/api/assistant/batches/:id/feedback',
    onId('signed_in', {
      tags,
      summary: '"Did this help?": yes keeps the exchange as lesson feedback',
      body: z.object({ helpful: AssistantFeedbackSchema.shape.helpful }),
      response: { 200: FeedbackResponseSchema },
    }),
    async (request) =>
      conversations.feedback(signedIn(request).user, request.params.id, request.body.helpful),
  );
  app.post(
    '/api/assistant/conversation/feedback',
    signedInRoute('signed_in', {
      tags,
      summary: '"Did this help?" for a batch (SPEC-style body)',
      body: AssistantFeedbackSchema,
      response: { 200: FeedbackResponseSchema },
    }),
    async (request) =>
      conversations.feedback(signedIn(request).user, request.body.messageBatchId, request.body.helpful),
  );
  app.post(
    '/api/lessons/create',
    signedInRoute('signed_in', {
      tags,
      summary: 'SPEC §7: keep a helpful exchange as lesson feedback (user, question, answer, source)',
      body: LessonFeedbackCreateSchema,
      response: { 201: LessonFeedbackSchema },
    }),
    async (request, reply) => {
      reply.code(201);
      return conversations.recordFeedback(signedIn(request).user, request.body);
    },
  );

  // ---- Engines and the SPEC's user registration ----
  app.get(
    '/api/assistant/engines',
    signedInRoute('signed_in', {
      tags,
      summary: 'The engines and whether each is configured (no keys, no addresses)',
      response: { 200: z.object({ data: z.array(AssistantEngineSchema) }) },
    }),
    async () => ({ data: await settings.engines() }),
  );
  app.post(
    '/api/assistant/user',
    signedInRoute('signed_in', {
      tags,
      summary: 'SPEC §7: a client announces its user; the session names who it is',
      body: AssistantUserSchema,
      response: { 200: z.object({ userId: z.number().int(), mail: z.string() }) },
    }),
    async (request) => {
      const { user } = signedIn(request);
      return { userId: user.id, mail: user.email };
    },
  );
};

import { AssistantSettingsInputSchema, AssistantSettingsSchema } from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInRoute } from '../../access/access.js';
import { signedIn } from '../../plugins/auth.js';
import type { AssistantSettingsService } from './assistant-settings.js';

const tags = ['assistant'];

/** The dashboard's Assistant engines tab (admins): slots, the image engine, providers; keys write-only. */
export const assistantAdminRoutes: FastifyPluginAsyncZod<{ settings: AssistantSettingsService }> = async (
  app,
  { settings },
) => {
  app.get(
    '/api/admin/assistant',
    signedInRoute('admin', {
      tags,
      summary: "The assistant's engine settings (whether a key is set, never the key)",
      response: { 200: AssistantSettingsSchema },
    }),
    async () => settings.forAdmin(),
  );
  app.put(
    '/api/admin/assistant',
    signedInRoute('admin', {
      tags,
      summary: "Save the assistant's engine settings; a slot may only use a configured engine",
      body: AssistantSettingsInputSchema,
      response: { 200: AssistantSettingsSchema },
    }),
    async (request) => {
      const saved = await settings.update(signedIn(request).user, request.body);
      request.audit('assistant.settings_changed', {
        slots: `${saved.slots.tip1},${saved.slots.tip2},${saved.slots.tip3}`,
        image_engine: saved.imageEngine,
      });
      return saved;
    },
  );
};

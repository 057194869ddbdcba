import type { AssistantArtifact } from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { AssistantService } from './assistant.service.js';

/**
 * The page an image-code answer runs in. It is framed by the app (`frame-ancestors 'self'`) in an
 * `<iframe sandbox="allow-scripts">`, and its own CSP sandboxes it again: an opaque origin that can
 * run its inline code but reach nothing (no network, no storage of ours, no forms, no top navigation).
 */
export const PREVIEW_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "script-src 'unsafe-inline'",
  'img-src data:',
  'sandbox allow-scripts',
  "frame-ancestors 'self'",
].join('; ');

/** Closing tags inside the code would end our <style> or <script> early. */
const closing = (text: string, tag: string) => text.replace(new RegExp(`</${tag}`, 'gi'), `<\\/${tag}`);

export function previewDocument(code: Extract<AssistantArtifact, { kind: 'code' }>): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<style>${closing(code.css, 'style')}</style></head><body>`,
    code.html,
    `<script>${closing(code.js, 'script')}</script></body></html>`,
  ].join('\n');
}

export const assistantPreviewRoutes: FastifyPluginAsyncZod<{
  conversations: AssistantService;
  verify(key: string, query: unknown): boolean;
}> = async (app, { conversations, verify }) => {
  app.get(
    '/api/assistant/previews/:key',
    {
      config: { permission: 'signed_link' },
      schema: {
        tags: ['assistant'],
        summary: "An image-code answer's page, for the chat's sandboxed preview (a signed link)",
        params: z.object({ key: z.string().regex(/^\d{1,10}$/) }),
        querystring: z.object({
          expires: z.string().max(20).optional(),
          signature: z.string().max(100).optional(),
        }),
      },
    },
    async (request, reply) => {
      if (!verify(request.params.key, request.query)) throw new AppError('NOT_FOUND');
      const artifact = await conversations.previewOf(Number(request.params.key));
      if (artifact?.kind !== 'code') throw new AppError('NOT_FOUND');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', PREVIEW_CSP)
        .send(previewDocument(artifact));
    },
  );
};

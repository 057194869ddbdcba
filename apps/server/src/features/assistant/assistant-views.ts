import {
  AssistantArtifactSchema,
  AssistantSourceSchema,
  type AssistantArtifact,
  type AssistantBatch,
  type AssistantConversation,
  type AssistantEngineId,
  type AssistantMessage,
  type AssistantSource,
} from '@teamboard/contract';
import { z } from 'zod';
import type { AssistantBatchRow, AssistantConversationRow, AssistantMessageRow } from './assistant.table.js';

export function toConversation(row: AssistantConversationRow): AssistantConversation {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    taskId: row.task_id,
    updatedAt: row.updated_at,
    visible: row.visible === 1,
  };
}

export function toBatch(row: AssistantBatchRow): AssistantBatch {
  return {
    id: row.id,
    chosenModel: row.chosen_model,
    disliked: row.disliked === 1,
    helpful: row.helpful === null ? null : row.helpful === 1,
  };
}

const StoredSources = z.array(AssistantSourceSchema);

export function parseSources(json: string): AssistantSource[] {
  const parsed = StoredSources.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : [];
}

export function parseArtifact(json: string | null): AssistantArtifact | null {
  if (json === null) return null;
  const parsed = AssistantArtifactSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}

/** `previewUrl` signs a link for a message whose artifact is code (assistant-preview.routes.ts). */
export function toMessage(
  row: AssistantMessageRow,
  previewUrl: (messageId: number) => string,
): AssistantMessage {
  const artifact = parseArtifact(row.artifact);
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    messageBatchId: row.batch_id,
    model: row.slot,
    engine: row.engine === null ? null : (row.engine as AssistantEngineId),
    imageBase64: row.image,
    sources: parseSources(row.sources),
    artifact,
    previewUrl: artifact?.kind === 'code' ? previewUrl(row.id) : null,
    createdAt: row.created_at,
  };
}

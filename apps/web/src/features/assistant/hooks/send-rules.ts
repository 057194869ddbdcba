import {
  ASSISTANT_IMAGE_FORMATS,
  ASSISTANT_IMAGE_MAX_BYTES,
  ASSISTANT_PROMPT_MAX_LENGTH,
  type AssistantImageFormat,
  type AssistantKind,
} from '@teamboard/contract';

export interface Draft {
  prompt: string;
  image: { base64: string; extension: AssistantImageFormat } | null;
}

/**
 * SPEC §5 (chat): send is disabled while the answer to the last question is still arriving, and
 * for an empty message. The standard tab sends text; the image tabs send an image (their text is
 * an optional hint).
 */
export function canSend(kind: AssistantKind, draft: Draft, isAnswerPending: boolean): boolean {
  if (isAnswerPending || draft.prompt.length > ASSISTANT_PROMPT_MAX_LENGTH) return false;
  if (kind === 'standard') return draft.prompt.trim() !== '';
  return draft.image !== null;
}

/** The SPEC's image format of a picked file (by its type, else its name), or null when refused. */
export function imageFormatOf(file: Pick<File, 'name' | 'type'>): AssistantImageFormat | null {
  const fromType = /^image\/(jpeg|jpg|png|gif|webp)$/i.exec(file.type)?.[1];
  const fromName = /\.(jpe?g|png|gif|webp)$/i.exec(file.name)?.[1];
  const candidate = (file.type !== '' ? fromType : fromName)?.toLowerCase().replace('jpg', 'jpeg');
  return (ASSISTANT_IMAGE_FORMATS as readonly string[]).includes(candidate ?? '')
    ? (candidate as AssistantImageFormat)
    : null;
}

export type ImageRefusal = 'IMAGE_FORMAT_NOT_ALLOWED' | 'FILE_TOO_LARGE';

/** Why a picked file cannot be sent, or null when it can. */
export function imageRefusal(file: Pick<File, 'name' | 'type' | 'size'>): ImageRefusal | null {
  if (imageFormatOf(file) === null) return 'IMAGE_FORMAT_NOT_ALLOWED';
  return file.size > ASSISTANT_IMAGE_MAX_BYTES ? 'FILE_TOO_LARGE' : null;
}

/** The file as a data: URL, which the server accepts as the image's base64. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

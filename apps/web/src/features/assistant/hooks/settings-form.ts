import {
  AssistantSettingsInputSchema,
  type AssistantSettings,
  type AssistantSettingsInput,
} from '@teamboard/contract';
import { fullPath, validate, type FieldErrors } from '../../../lib/validation';

export const PROVIDERS = ['openai', 'anthropic'] as const;
export type ProviderKey = (typeof PROVIDERS)[number];

export interface ProviderForm {
  baseUrl: string;
  model: string;
  vision: boolean;
  hasKey: boolean;
  /** A new key typed in; empty keeps the stored one. */
  apiKey: string;
  /** "Remove key" was pressed: the save sends null. */
  isRemovingKey: boolean;
}

export interface SettingsForm {
  slots: AssistantSettings['slots'];
  imageEngine: AssistantSettings['imageEngine'];
  openai: ProviderForm;
  anthropic: ProviderForm;
}

/** Field path (`openai.baseUrl`, `slots.tip2`) → error code. */
export type SettingsErrors = FieldErrors;

function providerForm(provider: AssistantSettings['openai']): ProviderForm {
  return { ...provider, apiKey: '', isRemovingKey: false };
}

export function formFromSettings(settings: AssistantSettings): SettingsForm {
  return {
    slots: settings.slots,
    imageEngine: settings.imageEngine,
    openai: providerForm(settings.openai),
    anthropic: providerForm(settings.anthropic),
  };
}

/** The key part of PUT /api/admin/assistant: absent keeps the stored key, null removes it. */
function keyInput(form: ProviderForm): { apiKey?: string | null } {
  if (form.isRemovingKey) return { apiKey: null };
  return form.apiKey.trim() === '' ? {} : { apiKey: form.apiKey.trim() };
}

export function inputFromForm(form: SettingsForm): AssistantSettingsInput {
  const provider = (key: ProviderKey) => ({
    baseUrl: form[key].baseUrl,
    model: form[key].model,
    vision: form[key].vision,
    ...keyInput(form[key]),
  });
  return {
    slots: form.slots,
    imageEngine: form.imageEngine,
    openai: provider('openai'),
    anthropic: provider('anthropic'),
  };
}

/** The contract's own checks, per field, before anything is sent. */
export function validateSettings(input: AssistantSettingsInput): SettingsErrors {
  return validate(AssistantSettingsInputSchema, input, fullPath).errors ?? {};
}

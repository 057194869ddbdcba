import {
  ASSISTANT_ENGINES,
  DEFAULT_SLOT_ENGINES,
  type AssistantEngine,
  type AssistantEngineId,
  type AssistantImageEngine,
  type AssistantSettings,
  type AssistantSettingsInput,
  type AssistantSlot,
} from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import { assertOutboundUrl, OutboundError } from '../../http-client/index.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/sealed-secrets.js';
import type { UserRow } from '../../users/users.js';
import { findSettings, saveSettings } from './assistant.repository.js';
import type { AssistantSettingsRow } from './assistant.table.js';

export type ProviderKey = 'openai' | 'anthropic';

/** A provider as the engines use it: the key opened, ready to call. */
export interface ProviderSettings {
  baseUrl: string;
  model: string;
  vision: boolean;
  apiKey: string | null;
}

/** Everything the chat needs to choose its engines, read once per question. */
export interface EngineSettings {
  slots: Record<AssistantSlot, AssistantEngineId>;
  imageEngine: AssistantImageEngine;
  providers: Record<ProviderKey, ProviderSettings>;
}

const DEFAULT_BASE_URLS: Record<ProviderKey, string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
};

const PROVIDER_OF_ENGINE: Partial<Record<AssistantEngineId, ProviderKey>> = { 3: 'openai', 4: 'anthropic' };

/** A provider can answer once it has a model, and Anthropic a key (an OpenAI-compatible local server may need none). */
export function isProviderConfigured(
  key: ProviderKey,
  provider: Omit<ProviderSettings, 'apiKey'> & { hasKey: boolean },
) {
  return provider.model !== '' && provider.baseUrl !== '' && (key === 'openai' || provider.hasKey);
}

export function providerOfEngine(engine: AssistantEngineId): ProviderKey | null {
  return PROVIDER_OF_ENGINE[engine] ?? null;
}

/** The assistant's engine choices (docs/api-assistant.md): defaults until an admin saves, keys sealed at rest. */
export class AssistantSettingsService {
  constructor(
    private readonly deps: { db: Db; clock: Clock; secrets: SecretBox; allowedHosts: readonly string[] },
  ) {}

  /** For the chat: keys opened. */
  async engineSettings(): Promise<EngineSettings> {
    const row = await findSettings(this.deps.db);
    const provider = (key: ProviderKey): ProviderSettings => {
      const sealed = row?.[`${key}_key`] ?? null;
      return {
        baseUrl: row?.[`${key}_base_url`] ?? DEFAULT_BASE_URLS[key],
        model: row?.[`${key}_model`] ?? '',
        vision: row?.[`${key}_vision`] === 1,
        apiKey: sealed === null ? null : this.open(sealed),
      };
    };
    return {
      slots: row
        ? { tip1: asEngine(row.slot_tip1), tip2: asEngine(row.slot_tip2), tip3: asEngine(row.slot_tip3) }
        : { ...DEFAULT_SLOT_ENGINES },
      imageEngine: (row?.image_engine as AssistantImageEngine | undefined) ?? 'ocr',
      providers: { openai: provider('openai'), anthropic: provider('anthropic') },
    };
  }

  /** GET /api/admin/assistant: whether a key is set, never the key. */
  async forAdmin(): Promise<AssistantSettings> {
    const settings = await this.engineSettings();
    const view = (key: ProviderKey) => {
      const { apiKey, ...rest } = settings.providers[key];
      return { ...rest, hasKey: apiKey !== null };
    };
    return {
      slots: settings.slots,
      imageEngine: settings.imageEngine,
      openai: view('openai'),
      anthropic: view('anthropic'),
      engines: enginesOf(settings),
    };
  }

  /** GET /api/assistant/engines: what anyone signed in may know. */
  async engines(): Promise<AssistantEngine[]> {
    return enginesOf(await this.engineSettings());
  }

  /** PUT /api/admin/assistant. A slot or the image mode may only use a configured engine. */
  async update(admin: UserRow, input: AssistantSettingsInput): Promise<AssistantSettings> {
    const current = (await findSettings(this.deps.db)) ?? null;
    const keyOf = (key: ProviderKey): string | null => {
      const given = input[key].apiKey;
      if (given === undefined) return current?.[`${key}_key`] ?? null;
      return given === null || given === '' ? null : this.deps.secrets.seal(given);
    };
    const next = {
      slot_tip1: input.slots.tip1,
      slot_tip2: input.slots.tip2,
      slot_tip3: input.slots.tip3,
      image_engine: input.imageEngine,
      openai_base_url: input.openai.baseUrl || DEFAULT_BASE_URLS.openai,
      openai_model: input.openai.model,
      openai_key: keyOf('openai'),
      openai_vision: input.openai.vision ? 1 : 0,
      anthropic_base_url: input.anthropic.baseUrl || DEFAULT_BASE_URLS.anthropic,
      anthropic_model: input.anthropic.model,
      anthropic_key: keyOf('anthropic'),
      anthropic_vision: input.anthropic.vision ? 1 : 0,
      updated_by: admin.id,
      updated_at: this.deps.clock.now().toISOString(),
    } satisfies Omit<AssistantSettingsRow, 'id'>;
    assertUsable(next);
    for (const key of ['openai', 'anthropic'] as const) {
      if (next[`${key}_model`] !== '') await checkOutbound(next[`${key}_base_url`], this.deps.allowedHosts);
    }
    await saveSettings(this.deps.db, { ...next, id: 1 });
    return this.forAdmin();
  }

  private open(sealed: string): string | null {
    try {
      return this.deps.secrets.open(sealed);
    } catch {
      // SECRET_KEY changed since the key was saved: the provider is unconfigured until a key is given again.
      return null;
    }
  }
}

/**
 * A provider's address is an outgoing call's (docs/security.md): no loopback or private network
 * unless OUTBOUND_ALLOWED_HOSTS lists it (a local Ollama). Checked on save and before every call.
 */
export async function checkOutbound(url: string, allowedHosts: readonly string[]): Promise<void> {
  try {
    await assertOutboundUrl(url, allowedHosts);
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    if (error.code === 'ADDRESS_NOT_ALLOWED') throw new AppError('ADDRESS_NOT_ALLOWED');
    if (error.code === 'URL_NOT_VALID') throw new AppError('URL_NOT_VALID');
    // A host that does not resolve right now is the call's problem, not the setting's.
  }
}

function asEngine(value: number): AssistantEngineId {
  return (value >= 0 && value <= 4 ? value : 1) as AssistantEngineId;
}

function configuredOf(row: Omit<AssistantSettingsRow, 'id'>, key: ProviderKey): boolean {
  return isProviderConfigured(key, {
    baseUrl: row[`${key}_base_url`],
    model: row[`${key}_model`],
    vision: row[`${key}_vision`] === 1,
    hasKey: row[`${key}_key`] !== null,
  });
}

function assertUsable(row: Omit<AssistantSettingsRow, 'id'>): void {
  for (const engine of [row.slot_tip1, row.slot_tip2, row.slot_tip3]) {
    const provider = providerOfEngine(engine as AssistantEngineId);
    if (provider && !configuredOf(row, provider)) throw new AppError('ASSISTANT_ENGINE_NOT_CONFIGURED');
  }
  if (row.image_engine !== 'ocr') {
    const provider = row.image_engine as ProviderKey;
    if (!configuredOf(row, provider) || row[`${provider}_vision`] !== 1) {
      throw new AppError('ASSISTANT_ENGINE_NOT_CONFIGURED');
    }
  }
}

function enginesOf(settings: EngineSettings): AssistantEngine[] {
  return ASSISTANT_ENGINES.map((key, id) => {
    const provider = providerOfEngine(id as AssistantEngineId);
    if (!provider) {
      return {
        id: id as AssistantEngineId,
        key,
        offline: true,
        configured: true,
        model: null,
        vision: false,
      };
    }
    const { apiKey, ...rest } = settings.providers[provider];
    return {
      id: id as AssistantEngineId,
      key,
      offline: false,
      configured: isProviderConfigured(provider, { ...rest, hasKey: apiKey !== null }),
      model: rest.model || null,
      vision: rest.vision,
    };
  });
}

import { ASSISTANT_ENGINES, type AssistantEngine } from '@teamboard/contract';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useEngines } from '../api/engines';

/** What a tip card names its writer: the offline engine's name, or the configured model's. */
export function engineName(engineId: number | null, engines: AssistantEngine[], t: TFunction): string | null {
  const key = engineId === null ? undefined : ASSISTANT_ENGINES[engineId];
  if (key === undefined) return null;
  const model = engines.find((engine) => engine.id === engineId)?.model;
  const isProvider = key === 'openai' || key === 'anthropic';
  return isProvider && model ? model : t(`assistant:engines.${key}`);
}

export function useEngineName() {
  const { t } = useTranslation('assistant');
  const { data: engines = [] } = useEngines();
  return useCallback((engineId: number | null) => engineName(engineId, engines, t), [engines, t]);
}

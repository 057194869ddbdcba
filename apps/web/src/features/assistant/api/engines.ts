import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssistantEngine, AssistantSettings, AssistantSettingsInput } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { assistantKeys } from './assistant-keys';

/** GET /api/assistant/engines: what fills the tip slots, without keys or URLs (anyone signed in). */
export function useEngines() {
  return useQuery({
    queryKey: assistantKeys.engines,
    queryFn: async () => (await api.get<{ data: AssistantEngine[] }>('/assistant/engines')).data,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/admin/assistant (admins). */
export function useAssistantSettings() {
  return useQuery({
    queryKey: assistantKeys.settings,
    queryFn: () => api.get<AssistantSettings>('/admin/assistant'),
  });
}

/** PUT /api/admin/assistant (admins): the engines list everyone sees changes with it. */
export function useSaveAssistantSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AssistantSettingsInput) => api.put<AssistantSettings>('/admin/assistant', input),
    onSuccess: (settings) => {
      queryClient.setQueryData(assistantKeys.settings, settings);
      queryClient.setQueryData(assistantKeys.engines, settings.engines);
    },
  });
}

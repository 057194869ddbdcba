import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { SERVER_MESSAGES, UserEventSchema, type UserEvent } from '@teamboard/contract';
import { useEffect } from 'react';
import { queryKeys } from '../../lib/query-keys';
import { useSocket } from '../../lib/socket';

/** Refetches what a user event names: the bell's invitations or evaluations, or the projects list and one project. */
export function applyUserEvent(queryClient: QueryClient, event: UserEvent): void {
  if (event.type === 'invitations.changed') {
    void queryClient.invalidateQueries({ queryKey: queryKeys.receivedInvitations });
    return;
  }
  if (event.type === 'evaluations.changed') {
    void queryClient.invalidateQueries({ queryKey: queryKeys.allEvaluations });
    return;
  }
  const projectId = String(event.project_id);
  void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
  void queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.members(projectId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.boards(projectId) });
}

/** Listens for this user's events; after a dropped connection, refetches what may have been missed. */
export function useUserEvents(): void {
  const socket = useSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (socket === null) return;
    let hasConnected = socket.connected;
    const handleEvent = (payload: unknown) => {
      const event = UserEventSchema.safeParse(payload);
      if (event.success) applyUserEvent(queryClient, event.data);
    };
    const handleConnect = () => {
      if (hasConnected) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.receivedInvitations });
        void queryClient.invalidateQueries({ queryKey: queryKeys.allEvaluations });
        void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
      }
      hasConnected = true;
    };
    socket.on(SERVER_MESSAGES.userEvent, handleEvent);
    socket.on('connect', handleConnect);
    return () => {
      socket.off(SERVER_MESSAGES.userEvent, handleEvent);
      socket.off('connect', handleConnect);
    };
  }, [socket, queryClient]);
}

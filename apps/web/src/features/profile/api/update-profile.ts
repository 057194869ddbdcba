import { useMutation } from '@tanstack/react-query';
import type { UpdateProfileInput, UserResponse } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { updateSessionUser } from '../../../lib/session';

/** PUT /api/auth; the stored session user is refreshed with the answer (docs/spec.md §4). */
export async function updateProfile(input: UpdateProfileInput): Promise<UserResponse['data']> {
  const response = await api.put<UserResponse>('/auth', input);
  updateSessionUser(response.data);
  return response.data;
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}

import { useMutation } from '@tanstack/react-query';
import type { UserResponse } from '@teamboard/contract';
import { apiRequest } from '../../../lib/api-client';
import { updateSessionUser } from '../../../lib/session';

/** POST /api/users/image (multipart, field `file`). */
export async function uploadProfilePhoto(file: File): Promise<UserResponse['data']> {
  const form = new FormData();
  form.append('file', file);
  const response = await apiRequest<UserResponse>('/users/image', { method: 'POST', body: form });
  updateSessionUser(response.data.data);
  return response.data.data;
}

/** DELETE /api/users/image: back to the default avatar. */
export async function removeProfilePhoto(): Promise<UserResponse['data']> {
  const response = await apiRequest<UserResponse>('/users/image', { method: 'DELETE' });
  updateSessionUser(response.data.data);
  return response.data.data;
}

export function useUploadProfilePhoto() {
  return useMutation({ mutationFn: uploadProfilePhoto });
}

export function useRemoveProfilePhoto() {
  return useMutation({ mutationFn: removeProfilePhoto });
}

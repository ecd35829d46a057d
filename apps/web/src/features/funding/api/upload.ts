/** POST /uploads: one image (a transfer receipt), multipart field `file`, at most 5 MB. */
import type { EndpointResponse } from '@tradehall/contracts';
import { uploadEndpoints } from '@tradehall/contracts/endpoints';
import { upload } from '../../../lib/api-client.ts';

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The server refuses anything else with UPLOAD_INVALID; checked here first to spare the upload. */
export function isUploadableImage(file: File): boolean {
  return (
    (UPLOAD_TYPES as readonly string[]).includes(file.type) && file.size > 0 && file.size <= UPLOAD_MAX_BYTES
  );
}

export function uploadImage(file: File): Promise<EndpointResponse<typeof uploadEndpoints.upload>> {
  const form = new FormData();
  form.append('file', file);
  return upload(uploadEndpoints.upload, form);
}

/** POST /uploads: one image (a transfer receipt), multipart field `file`, at most 5 MB. */
import type { EndpointResponse } from '@tradehall/contracts';
import { uploadEndpoints } from '@tradehall/contracts/endpoints';
import { api } from '../../../lib/api-client.ts';

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The server refuses anything else with UPLOAD_INVALID; checked here first to spare the upload. */
export function isUploadableImage(file: File): boolean {
  return (
    (UPLOAD_TYPES as readonly string[]).includes(file.type) && file.size > 0 && file.size <= UPLOAD_MAX_BYTES
  );
}

type Upload = typeof uploadEndpoints.upload;

/**
 * A multipart body, which call() does not send (its bodies are JSON): posted with the upload time limit
 * to the declaration's path, the answer typed by it.
 */
export function uploadImage(file: File): Promise<EndpointResponse<Upload>> {
  const form = new FormData();
  form.append('file', file);
  return api.upload<EndpointResponse<Upload>>(uploadEndpoints.upload.path, form);
}

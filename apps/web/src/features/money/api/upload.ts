/** POST /uploads: one image (a transfer receipt), multipart field `file`, at most 5 MB. */
import type { EndpointResponse } from '@tradehall/contracts';
import { uploadEndpoints } from '@tradehall/contracts/endpoints';
import { UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES } from '@tradehall/contracts/limits';
import { upload } from '../../../lib/api-client.ts';

/** The types the upload's declaration accepts (its size limit is UPLOAD_MAX_BYTES). */
export const UPLOAD_TYPES = UPLOAD_IMAGE_TYPES;

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

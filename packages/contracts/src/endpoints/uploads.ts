/** Image uploads (a deposit's receipt) and serving them back to their owner or an operator. */
import { z } from 'zod';
import { idParamsSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES } from '../limits.ts';
import { uploadResponseSchema } from '../uploads.ts';

/** Bytes of an image, sent as they are (never JSON); documented as a binary string. */
const imageBytesSchema = z.instanceof(Uint8Array).meta({ type: 'string', format: 'binary' });

export const uploadEndpoints = {
  /** Multipart (field `file`): the body is read by the route, not by a JSON schema. */
  upload: endpoint({
    method: 'POST',
    path: '/uploads',
    access: 'user',
    tags: ['app'],
    summary: 'Upload an image (multipart field `file`: JPEG, PNG or WebP, at most 5 MB)',
    multipart: { field: 'file', maxBytes: UPLOAD_MAX_BYTES, types: UPLOAD_IMAGE_TYPES },
    status: 201,
    response: uploadResponseSchema,
    errors: ['UPLOAD_INVALID'],
  }),
  /** The image's bytes, for its owner (user session) or any operator: fetched as a blob, not called. */
  image: endpoint({
    method: 'GET',
    path: '/uploads/:id',
    access: 'user-or-operator',
    tags: ['app'],
    summary: 'An uploaded image, for its owner or an operator',
    params: idParamsSchema,
    status: 200,
    response: imageBytesSchema,
    produces: UPLOAD_IMAGE_TYPES,
    errors: [],
  }),
} as const;

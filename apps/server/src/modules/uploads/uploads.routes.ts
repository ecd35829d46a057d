/**
 * POST /uploads (also POST /api/common/upload, the spec's path) takes one image in the multipart field
 * `file`; GET /uploads/:id serves it to its owner or an operator (bearer token of either).
 */
import multipart, { type MultipartFile } from '@fastify/multipart';
import { uploadEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { route } from '../../platform/endpoint-route.ts';
import { AppError } from '../../platform/errors.ts';
import { requireUser } from '../../platform/guards/user-guard.ts';
import { invalidTextDetails, type ValidationDetail } from '../../platform/validation.ts';
import type { UploadsService, UploadViewer } from './uploads.service.ts';

/** The multipart body the upload's declaration describes: its file field and size limit. */
const uploadBody = uploadEndpoints.upload.multipart;

export interface UploadsRoutesDeps {
  uploads: UploadsService;
}

/** The upload routes under /api/v1. */
export function uploadsRoutes(deps: UploadsRoutesDeps): FastifyPluginAsync {
  return async (app) => {
    await registerMultipart(app);
    route(app, uploadEndpoints.upload, {
      handler: async (request) => deps.uploads.store(requireUser(request).userId, await readImage(request)),
    });

    route(app, uploadEndpoints.image, {
      handler: async (request, reply) => {
        const viewer = viewerOf(request);
        const image = await deps.uploads.read(request.params.id, viewer);
        return (
          reply
            .header('content-type', image.contentType)
            // A receipt shows a bank account and a name: kept by no cache, like every signed-in answer.
            .header('cache-control', 'no-store')
            .header('content-security-policy', "default-src 'none'")
            .send(image.content)
        );
      },
    });
  };
}

/**
 * The spec's historical upload family on the test host, each the same upload as POST /api/v1/uploads
 * (signed in, at most 5 MB, the type sniffed from the bytes): older app builds post to whichever of them
 * their screen was written against.
 */
export const COMMON_UPLOAD_PATHS = [
  '/api/common/upload',
  '/api/common/upload1',
  '/api/common/upload3',
  '/api/common/upload5',
  '/api/common/upload6',
  '/api/common/uploadImage',
] as const;

export function commonUploadRoute(deps: UploadsRoutesDeps): FastifyPluginAsync {
  return async (app) => {
    await registerMultipart(app);
    for (const path of COMMON_UPLOAD_PATHS) {
      // The upload's declaration at another path (these sit outside /api/v1, for the apps that call them).
      const spec = {
        ...uploadEndpoints.upload,
        path,
        summary: `${uploadEndpoints.upload.summary}; the same as POST /api/v1/uploads`,
      };
      route(app, spec, {
        handler: async (request) => deps.uploads.store(requireUser(request).userId, await readImage(request)),
      });
    }
  };
}

async function registerMultipart(app: FastifyInstance): Promise<void> {
  // Registered inside the upload routes' scope only: everywhere else JSON stays the only body type.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: uploadBody.maxBytes, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
  });
}

/**
 * The bytes of the `file` part; anything else (no multipart, no file, too big, cut short) is UPLOAD_INVALID.
 * Multipart text never meets the JSON validator, so the text rule is applied here to what the request
 * names: the file's name and any form field before it (VALIDATION_FAILED naming the field).
 */
async function readImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('UPLOAD_INVALID');
  try {
    const part = await request.file();
    if (part?.fieldname !== uploadBody.field) throw new AppError('UPLOAD_INVALID');
    // Read first: an answer sent while the body is still arriving would leave the client mid-upload.
    const content = await part.toBuffer();
    const details = invalidMultipartText(part);
    if (details.length > 0) throw new AppError('VALIDATION_FAILED', { details });
    return content;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('UPLOAD_INVALID', { cause: error });
  }
}

/** The text rule on a file part's name and on the form fields sent before it. */
function invalidMultipartText(part: MultipartFile): ValidationDetail[] {
  const fields: Record<string, unknown> = { [uploadBody.field]: part.filename };
  for (const [name, entry] of Object.entries(part.fields)) {
    if (name === uploadBody.field) continue;
    const values = [entry].flat().map((field) => (field && 'value' in field ? field.value : undefined));
    fields[name] = values.length === 1 ? values[0] : values;
  }
  return invalidTextDetails(fields, z.never());
}

/** Who the guard let in (an operator's session is tried first): operators see every upload, users their own. */
function viewerOf(request: FastifyRequest): UploadViewer {
  if (request.operatorAuth) return { operatorId: request.operatorAuth.operator.id };
  return { userId: requireUser(request).userId };
}

/** Receipt images: JPEG, PNG or WebP (by their bytes), at most 5 MB, readable by their owner and operators. */
import type { UploadResponse } from '@tradehall/contracts';
import { UPLOAD_MAX_BYTES } from '@tradehall/contracts/limits';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { sniffImageType } from './image-type.ts';
import type { UploadsRepository } from './uploads.repository.ts';

/** Where an upload is served: the deposit views link receipts with it. */
export function uploadUrl(id: string): string {
  return `/api/v1/uploads/${id}`;
}

/** Who is asking to see an upload. */
export type UploadViewer = { userId: string } | { operatorId: string };

/** Whether an upload is the user's own: a deposit's proof must be. */
export type UploadOwnership = Pick<UploadsRepository, 'isOwnedBy'>;

export interface UploadsServiceDeps {
  db: Kysely<DB>;
  repository: UploadsRepository;
  clock: Clock;
}

export class UploadsService {
  constructor(private readonly deps: UploadsServiceDeps) {}

  async store(userId: string, content: Uint8Array): Promise<UploadResponse> {
    const contentType = sniffImageType(content);
    if (!contentType || content.length === 0 || content.length > UPLOAD_MAX_BYTES) {
      throw new AppError('UPLOAD_INVALID');
    }
    const id = await this.deps.repository.insert(this.deps.db, {
      userId,
      contentType,
      content,
      at: this.deps.clock.now(),
    });
    return { id, url: uploadUrl(id), contentType, size: content.length };
  }

  /** The image for its owner or any operator; anyone else gets NOT_FOUND (not FORBIDDEN: ids stay secret). */
  async read(id: string, viewer: UploadViewer): Promise<{ contentType: string; content: Buffer }> {
    const row = await this.deps.repository.find(this.deps.db, id);
    if (!row || ('userId' in viewer && row.user_id !== viewer.userId)) throw new AppError('NOT_FOUND');
    return { contentType: row.content_type, content: Buffer.from(row.content) };
  }
}

/**
 * Customer service: one conversation per user with the operators, plain text both ways.
 *
 * - A user lists their conversation (newest first) and sends a message, or shares a location (a point
 *   with an optional name and address). A retry with the same idempotency key returns the first message
 *   and writes nothing; the same key with other content is an IDEMPOTENCY_CONFLICT. Like a text message,
 *   a shared location reaches the operators' inbox with its next poll.
 * - Operators list the conversations (latest activity first, with how many user messages await an
 *   answer), read one, and answer: audited in the same transaction, then pushed to the user as a
 *   personal socket.io notice (`gaogaoasx`, a Reminder in the web app) after the commit.
 */
import type {
  PageQuery,
  SupportLocationRequest,
  SupportMessage,
  SupportMessageRequest,
  supportThreadSchema,
} from '@tradehall/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { type Clock, toUnixSeconds } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { DomainEvents } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import { keysetPage, type Page, UUID_ID } from '../../platform/pagination.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { IdempotencyService } from '../idempotency/idempotency.service.ts';
import type {
  NewSupportMessage,
  SupportMessageViewRow,
  SupportRepository,
  SupportThreadRow,
} from './support.repository.ts';

type Place = NonNullable<NewSupportMessage['location']>;

export type SupportThread = z.infer<typeof supportThreadSchema>;

export interface SupportDeps {
  db: Kysely<DB>;
  repository: SupportRepository;
  clock: Clock;
  events: DomainEvents;
  audit: AuditService;
  idempotency: IdempotencyService;
}

export class SupportService {
  private readonly repository: SupportRepository;

  constructor(private readonly deps: SupportDeps) {
    this.repository = deps.repository;
  }

  // ---- users ------------------------------------------------------------------------------------

  async list(userId: string, query: PageQuery): Promise<Page<SupportMessage>> {
    return keysetPage(
      query,
      UUID_ID,
      (cursor, limit) => this.repository.listForUser(this.deps.db, userId, cursor, limit),
      toMessageView,
    );
  }

  send(userId: string, input: SupportMessageRequest): Promise<SupportMessage> {
    return this.insertForUser(userId, input.idempotencyKey, { text: input.text });
  }

  /** A shared location: an empty name or address is stored as none. */
  shareLocation(userId: string, input: SupportLocationRequest): Promise<SupportMessage> {
    const { lat, lng, name, address } = input.location;
    const location: Place = { lat, lng, name: name || null, address: address || null };
    return this.insertForUser(userId, input.idempotencyKey, { text: '', location });
  }

  /** A retry answers the first message; the key reused for other content is IDEMPOTENCY_CONFLICT. */
  private insertForUser(
    userId: string,
    idempotencyKey: string,
    content: { text: string; location?: Place },
  ): Promise<SupportMessage> {
    const operation = { userId, key: idempotencyKey, operation: 'support.message', request: content };
    return this.deps.db.transaction().execute(async (trx) => {
      const replay = await this.deps.idempotency.claim<SupportMessage>(trx, operation);
      if (replay) return replay.body;
      const at = this.deps.clock.now();
      const id = newId(at.getTime());
      await this.repository.insert(trx, { id, userId, author: 'user', operatorId: null, ...content, at });
      const row = await this.repository.findById(trx, id);
      if (!row) throw new Error('support message vanished after insert');
      const message = toMessageView(row);
      await this.deps.idempotency.complete(trx, operation, 201, message);
      return message;
    });
  }

  // ---- operators --------------------------------------------------------------------------------

  async listThreads(query: PageQuery): Promise<Page<SupportThread>> {
    return keysetPage(
      query,
      UUID_ID,
      (cursor, limit) => this.repository.listThreads(this.deps.db, cursor, limit),
      toThreadView,
    );
  }

  /** A user's conversation as the operator reads it; an unknown user is NOT_FOUND. */
  async listForOperator(userId: string, query: PageQuery): Promise<Page<SupportMessage>> {
    if (!(await this.repository.userExists(this.deps.db, userId))) throw new AppError('NOT_FOUND');
    return this.list(userId, query);
  }

  async reply(operatorId: string, userId: string, input: SupportMessageRequest): Promise<SupportMessage> {
    const at = this.deps.clock.now();
    const message = await this.deps.db.transaction().execute(async (trx) => {
      if (!(await this.repository.userExists(trx, userId))) throw new AppError('NOT_FOUND');
      const id = newId(at.getTime());
      // Operators answer once per click: their key is not claimed.
      await this.repository.insert(trx, { id, userId, author: 'operator', operatorId, text: input.text, at });
      const row = await this.repository.findById(trx, id);
      if (!row) throw new Error('support answer not inserted');
      await this.deps.audit.record(
        {
          operatorId,
          action: 'support.reply',
          targetType: 'user',
          targetId: userId,
          after: { text: input.text },
        },
        trx,
      );
      return toMessageView(row);
    });
    // Committed: the user sees the answer as a Reminder.
    this.deps.events.publish({
      channel: 'notice',
      msg: { type: 'gaogaoasx', content: message.text, uid: userId },
      userId,
    });
    return message;
  }
}

function toMessageView(row: SupportMessageViewRow): SupportMessage {
  const { lat, lng } = row;
  return {
    id: row.id,
    author: row.author,
    operatorAccount: row.author === 'operator' ? row.operator_account : null,
    kind: row.kind,
    text: row.text,
    location:
      row.kind === 'location' && lat !== null && lng !== null
        ? { lat, lng, name: row.place_name, address: row.place_address }
        : null,
    createdAt: toUnixSeconds(row.created_at),
  };
}

function toThreadView(row: SupportThreadRow): SupportThread {
  return {
    userId: row.user_id,
    account: row.account,
    lastText: row.last_text,
    lastKind: row.last_kind,
    lastAuthor: row.last_author,
    lastAt: toUnixSeconds(row.created_at),
    awaitingReply: row.awaiting_reply,
  };
}

/**
 * Notifications (issue 5): stored system notifications to everyone or one user, read state, per-user
 * settings honoured when pushing, and the socket.io `new_msg` push through the domain event bus.
 * (Stub created by the lead; the notifications helper fills it in.)
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { DomainEvents } from '../../platform/events.ts';
import type { Logger } from '../../platform/logger.ts';
import type { AuditService } from '../audit/audit.service.ts';

export interface NotificationsDeps {
  db: Kysely<DB>;
  clock: Clock;
  events: DomainEvents;
  audit: AuditService;
  logger: Logger;
}

export class NotificationsService {
  constructor(readonly deps: NotificationsDeps) {}
}

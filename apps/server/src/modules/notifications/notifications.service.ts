/**
 * Notifications: stored system notifications to everyone or one user, read state, per-user
 * settings honoured when pushing, and the socket.io `new_msg` push through the domain event bus.
 *
 * - Users list theirs (announcements + personal, or personal only), see the unread count, mark one or
 *   all read, and change their settings (announcements, round results, funding updates).
 * - Operators send to everyone or to one account (audited in the same transaction) and list what was
 *   sent. After the commit the notice is published: `gaogaoall` to everyone (the gateway delivers it to
 *   the `announcements` room, which users who turned announcements off are not in), `gaogaoasx` to the
 *   addressee. A message to one account is always pushed: the announcements setting is about broadcasts.
 * - Funding decisions and round results are heard on the event bus (NotificationPushes).
 */
import type {
  NotificationPage,
  NotificationSettings,
  notificationListQuerySchema,
  PageQuery,
  SendNotificationRequest,
  updateNotificationSettingsSchema,
} from '@tradehall/contracts';
import type { Locale } from '@tradehall/domain';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { accountKey } from '../../platform/account-key.ts';
import type { Clock } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { DomainEvents } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import type { Logger } from '../../platform/logger.ts';
import { keysetPage, type Page, UUID_ID } from '../../platform/pagination.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { KnownLocales } from './known-locales.ts';
import { NotificationPushes } from './notification-pushes.ts';
import {
  type SentNotificationView,
  toNotificationView,
  toSentNotificationView,
} from './notification-views.ts';
import type { NotificationStateRow, NotificationsRepository, ReadMark } from './notifications.repository.ts';

export interface NotificationsDeps {
  db: Kysely<DB>;
  repository: NotificationsRepository;
  clock: Clock;
  events: DomainEvents;
  audit: AuditService;
  logger: Logger;
}

export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;
export type NotificationSettingsUpdate = z.infer<typeof updateNotificationSettingsSchema>;

/** Everything on until the user turns something off. */
/** Round results are opt-in: a Reminder after every round would stand in the way of the next bet. */
const DEFAULT_SETTINGS: NotificationSettings = { announcement: true, round_result: false, funding: true };

export class NotificationsService {
  private readonly repository: NotificationsRepository;
  private readonly locales: KnownLocales;
  private readonly pushes: NotificationPushes;
  private readonly stopListening: () => void;

  constructor(readonly deps: NotificationsDeps) {
    this.repository = deps.repository;
    this.locales = new KnownLocales({ db: deps.db, repository: this.repository, clock: deps.clock });
    this.pushes = new NotificationPushes({
      db: deps.db,
      repository: this.repository,
      clock: deps.clock,
      events: deps.events,
      logger: deps.logger,
    });
    this.stopListening = this.pushes.start();
  }

  /** Stops reacting to domain events (funding decisions, settled rounds). */
  stop(): void {
    this.stopListening();
  }

  /** Waits for the notifications and pushes of events already heard (before closing the database). */
  drain(): Promise<void> {
    return this.pushes.drain();
  }

  // ---- users ------------------------------------------------------------------------------------

  /** A page of the user's notifications, rendered in `locale`, with their unread count. */
  async list(userId: string, query: NotificationListQuery, locale: Locale): Promise<NotificationPage> {
    let unread = 0;
    const page = await keysetPage(
      query,
      UUID_ID,
      async (cursor, limit) => {
        await this.locales.remember(userId, locale);
        const mark = readMark(await this.repository.state(this.deps.db, userId));
        const rows = await this.repository.listForUser(
          this.deps.db,
          userId,
          query.scope ?? 'all',
          mark,
          cursor,
          limit,
        );
        unread = await this.repository.countUnread(this.deps.db, userId, mark);
        return rows;
      },
      (row) => toNotificationView(row, locale),
    );
    return { ...page, unread };
  }

  async unreadCount(userId: string, locale: Locale): Promise<{ unread: number }> {
    await this.locales.remember(userId, locale);
    const mark = readMark(await this.repository.state(this.deps.db, userId));
    return { unread: await this.repository.countUnread(this.deps.db, userId, mark) };
  }

  /** Marks one notification read; one the user cannot see (another user's) is NOT_FOUND. */
  async markRead(userId: string, id: string): Promise<void> {
    const notification = await this.repository.findVisible(this.deps.db, userId, id);
    if (!notification) throw new AppError('NOT_FOUND');
    await this.repository.markRead(this.deps.db, userId, id, this.deps.clock.now());
  }

  /** Everything the user can see now is read; what arrives later is not. */
  async markAllRead(userId: string): Promise<void> {
    const newest = await this.repository.newestVisible(this.deps.db, userId);
    if (!newest) return;
    const at = this.deps.clock.now();
    await this.deps.db.transaction().execute((trx) => this.repository.setReadMark(trx, userId, newest, at));
  }

  async settings(userId: string, locale: Locale): Promise<NotificationSettings> {
    await this.locales.remember(userId, locale);
    return this.settingsFor(userId);
  }

  /**
   * The user's notification settings (every one on until turned off). For the realtime gateway: it
   * joins a user's sockets to the `announcements` room only when `announcement` is on.
   */
  async settingsFor(userId: string): Promise<NotificationSettings> {
    return toSettings(await this.repository.state(this.deps.db, userId));
  }

  /** Changes some settings; the gateway hears `settings` and (un)joins the user's sockets at once. */
  async updateSettings(
    userId: string,
    update: NotificationSettingsUpdate,
    locale: Locale,
  ): Promise<NotificationSettings> {
    await this.locales.remember(userId, locale);
    const settings = toSettings(
      await this.repository.updateSettings(this.deps.db, userId, update, this.deps.clock.now()),
    );
    this.deps.events.publish({ channel: 'settings', userId, announcements: settings.announcement });
    return settings;
  }

  /**
   * Remembers the language a user uses, for pushes made while they are not asking (a funding decision,
   * a round result). The notification routes call it with the request's language; the realtime gateway
   * may call it with a socket's (login frame `Accept_language`, handshake header).
   */
  rememberLocale(userId: string, locale: Locale): Promise<void> {
    return this.locales.remember(userId, locale);
  }

  // ---- operators --------------------------------------------------------------------------------

  async send(operatorId: string, input: SendNotificationRequest): Promise<SentNotificationView> {
    const account = input.account?.trim() ?? '';
    if (input.audience === 'user' && account === '') {
      throw new AppError('VALIDATION_FAILED', { details: [{ path: 'account', key: 'validation.required' }] });
    }
    if (input.audience === 'all' && account !== '') {
      throw new AppError('VALIDATION_FAILED', {
        details: [{ path: 'account', key: 'validation.invalidValue' }],
      });
    }
    const at = this.deps.clock.now();
    const sent = await this.deps.db.transaction().execute(async (trx) => {
      let addressee: { id: string; username: string } | null = null;
      if (input.audience === 'user') {
        addressee = (await this.repository.findUserByAccountKey(trx, accountKey(account))) ?? null;
        if (addressee === null) throw new AppError('NOT_FOUND');
      }
      const row = await this.repository.insert(trx, {
        id: newId(at.getTime()),
        audience: input.audience,
        userId: addressee?.id ?? null,
        category: 'announcement',
        title: input.title,
        content: input.content,
        template: null,
        params: null,
        sourceKey: null,
        createdBy: operatorId,
        at,
      });
      const view = toSentNotificationView({ ...row, account: addressee?.username ?? null });
      await this.deps.audit.record(
        {
          operatorId,
          action: 'notification.send',
          targetType: 'notification',
          targetId: row.id,
          after: {
            audience: view.audience,
            userId: view.userId,
            account: view.account,
            title: view.title,
            content: view.content,
          },
        },
        trx,
      );
      return view;
    });
    // Committed: now tell the sockets.
    if (sent.userId === null) {
      this.deps.events.publish({
        channel: 'notice',
        msg: { type: 'gaogaoall', content: sent.content, uid: '' },
        userId: null,
      });
    } else {
      this.deps.events.publish({
        channel: 'notice',
        msg: { type: 'gaogaoasx', content: sent.content, uid: sent.userId },
        userId: sent.userId,
      });
    }
    return sent;
  }

  async listSent(query: PageQuery): Promise<Page<SentNotificationView>> {
    return keysetPage(
      query,
      UUID_ID,
      (cursor, limit) => this.repository.listSent(this.deps.db, cursor, limit),
      toSentNotificationView,
    );
  }
}

function readMark(state: NotificationStateRow | undefined): ReadMark | null {
  if (!state || state.read_through_at === null || state.read_through_id === null) return null;
  return { at: state.read_through_at, id: state.read_through_id };
}

function toSettings(state: NotificationStateRow | undefined): NotificationSettings {
  if (!state) return { ...DEFAULT_SETTINGS };
  return { announcement: state.announcement, round_result: state.round_result, funding: state.funding };
}

/**
 * The work a test app does, in the order it starts: each statement sent to the database, each argon2
 * computation, each mail handed to the mailer. Fed by the real database drivers, the real hasher and a
 * pass-through around the real mailer (createTestApp's `observer` option), so suites can compare what two
 * paths do instead of how long they take.
 *
 * Each entry is a line of text, so a failing comparison shows as a readable diff:
 * - `sql <text>`: the SQL as sent, whitespace collapsed, parameters left out (they carry the account,
 *   the time, ids: what differs between two requests of the same shape);
 * - `argon2 hash` / `argon2 verify`;
 * - `mail <subject>` (the recipient left out for the same reason as the parameters).
 */

import type { StatementObserver } from '../src/platform/db/statement-observer.ts';
import type { Mailer, MailMessage } from '../src/platform/mailer.ts';
import type { HashWorkObserver } from '../src/platform/password-hasher.ts';

export interface WorkObserver {
  statement: StatementObserver;
  hash: HashWorkObserver;
  mail(message: MailMessage): void;
}

export class WorkLog implements WorkObserver {
  #entries: string[] = [];

  readonly statement: StatementObserver = (sql) => {
    this.#entries.push(`sql ${sql.replace(/\s+/g, ' ').trim()}`);
  };

  readonly hash: HashWorkObserver = (work) => {
    this.#entries.push(`argon2 ${work}`);
  };

  mail(message: MailMessage): void {
    this.#entries.push(`mail ${message.subject}`);
  }

  /** The entries since the last take, and a fresh start. */
  take(): string[] {
    const entries = this.#entries;
    this.#entries = [];
    return entries;
  }
}

/** The real mailer, telling `observe` of each message as it is handed over (before it is sent). */
export function observedMailer(mailer: Mailer, observe: (message: MailMessage) => void): Mailer {
  return {
    mode: mailer.mode,
    send(message) {
      observe(message);
      return mailer.send(message);
    },
    sendInBackground(message) {
      observe(message);
      mailer.sendInBackground(message);
    },
    close: () => mailer.close(),
  };
}

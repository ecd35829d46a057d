/**
 * Shared locations in customer service: a message is text or a location. A location's point is in
 * degrees (WGS 84) with an optional place name and address; the checks keep the table honest whatever
 * writes to it (a location has both coordinates in range, a text message none).
 */
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`alter table support_messages
    add column kind text not null default 'text' check (kind in ('text', 'location')),
    add column lat double precision check (lat between -90 and 90),
    add column lng double precision check (lng between -180 and 180),
    add column place_name text check (char_length(place_name) <= 100),
    add column place_address text check (char_length(place_address) <= 200)`,
  sql`alter table support_messages add constraint support_messages_location_point
    check ((kind = 'location') = (lat is not null and lng is not null))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

/** GET /me: the account shown on My account. The query itself is shared (money pages read it too). */
export { meQueryOptions, useMe } from '../../../lib/me.ts';

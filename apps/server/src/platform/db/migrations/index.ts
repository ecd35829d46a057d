/**
 * Every migration, in order. A static map (not a folder scan) so the list is explicit, type-checked and
 * works the same under tsx, Vitest and a bundler. Names sort in application order; never rename one.
 */
import type { Migration } from 'kysely';
import * as foundation from './0001-foundation.ts';
import * as money from './0002-money.ts';
import * as trading from './0003-trading.ts';
import * as realtime from './0004-realtime.ts';
import * as consoleTables from './0005-console.ts';
import * as support from './0006-support.ts';
import * as lockoutReservations from './0007-lockout-reservations.ts';
import * as readFigures from './0008-read-figures.ts';
import * as fairnessV2 from './0009-fairness-v2.ts';
import * as supportLocation from './0010-support-location.ts';
import * as balanceAfter from './0011-balance-after.ts';
import * as ledgerCodes from './0012-ledger-codes.ts';
import * as positionRoots from './0013-position-roots.ts';
import * as liabilities from './0014-liabilities.ts';
import * as referrals from './0015-referrals.ts';
import * as trendFigures from './0016-trend-figures.ts';
import * as playLimits from './0017-play-limits.ts';
import * as withdrawalStats from './0018-withdrawal-stats.ts';
import * as transferAccountsCheck from './0019-transfer-accounts-check.ts';
import * as playSessionCounters from './0021-play-session-counters.ts';
import * as payoutBounds from './0022-payout-bounds.ts';
import * as referrerTotals from './0023-referrer-totals.ts';
import * as transitionJoins from './0024-transition-joins-planned-each-run.ts';

export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-money': money,
  '0003-trading': trading,
  '0004-realtime': realtime,
  '0005-console': consoleTables,
  '0006-support': support,
  '0007-lockout-reservations': lockoutReservations,
  '0008-read-figures': readFigures,
  '0009-fairness-v2': fairnessV2,
  '0010-support-location': supportLocation,
  '0011-balance-after': balanceAfter,
  '0012-ledger-codes': ledgerCodes,
  '0013-position-roots': positionRoots,
  '0014-liabilities': liabilities,
  '0015-referrals': referrals,
  '0016-trend-figures': trendFigures,
  '0017-play-limits': playLimits,
  '0018-withdrawal-stats': withdrawalStats,
  '0019-transfer-accounts-check': transferAccountsCheck,
  '0021-play-session-counters': playSessionCounters,
  '0022-payout-bounds': payoutBounds,
  '0023-referrer-totals': referrerTotals,
  '0024-transition-joins-planned-each-run': transitionJoins,
};

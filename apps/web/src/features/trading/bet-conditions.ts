/**
 * When a bet wins, in words, derived from the domain's own rule (betWins over every sum 0-27) so the
 * rules page can never say something the settlement does not do: a range of sums, odd or even sums
 * (optionally within a range), or one exact sum.
 */
import { type Bet, betWins, SPECIAL_NUMBER_MAX, SPECIAL_NUMBER_MIN } from '@tradehall/domain';

export type WinningCondition =
  | { kind: 'range'; min: number; max: number }
  | { kind: 'odd' | 'even' }
  | { kind: 'oddRange' | 'evenRange'; min: number; max: number }
  | { kind: 'exact'; sum: number }
  | { kind: 'sums'; sums: number[] };

const ALL_SUMS = Array.from(
  { length: SPECIAL_NUMBER_MAX - SPECIAL_NUMBER_MIN + 1 },
  (_, index) => SPECIAL_NUMBER_MIN + index,
);

const between = (min: number, max: number, keep: (sum: number) => boolean) =>
  ALL_SUMS.filter((sum) => sum >= min && sum <= max && keep(sum));

const sameList = (a: number[], b: number[]) => a.length === b.length && a.every((value, i) => value === b[i]);

export function winningCondition(bet: Bet): WinningCondition {
  const sums = ALL_SUMS.filter((sum) => betWins(bet, sum));
  const min = sums[0] ?? 0;
  const max = sums.at(-1) ?? 0;
  if (sums.length === 1) return { kind: 'exact', sum: min };
  if (
    sameList(
      sums,
      between(min, max, () => true),
    )
  )
    return { kind: 'range', min, max };
  for (const parity of ['odd', 'even'] as const) {
    const keep = (sum: number) => sum % 2 === (parity === 'odd' ? 1 : 0);
    if (sameList(sums, ALL_SUMS.filter(keep))) return { kind: parity };
    if (sameList(sums, between(min, max, keep))) return { kind: `${parity}Range`, min, max };
  }
  return { kind: 'sums', sums };
}

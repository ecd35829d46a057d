/** Time and rate display shared by every screen (money: the domain's formatMoney, see components/money). */

const pad = (value: number) => String(value).padStart(2, '0');

/** Unix seconds -> "2026-11-21 08:03:27" in the operator's local time. */
export function formatTime(unixSeconds: number | null | undefined): string {
  if (unixSeconds === null || unixSeconds === undefined) return '—';
  const date = new Date(unixSeconds * 1000);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}:${pad(date.getSeconds())}`;
}

/** Basis points -> "2.50%". */
export function formatBps(bps: number): string {
  return `${(bps / 100).toFixed(2)}%`;
}

/** A long hex hash shortened for a table cell (the full value stays copyable in the cell's title). */
export function shortHash(value: string | null): string {
  if (!value) return '—';
  return value.length > 20 ? `${value.slice(0, 10)}…${value.slice(-8)}` : value;
}

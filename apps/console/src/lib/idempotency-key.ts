/** A fresh key for one money operation; the caller keeps it for every retry of that operation. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

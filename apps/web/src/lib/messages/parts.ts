/** What the catalogue parts share (first-screen.ts, later.ts). */
import { importChunk } from '../timeout.ts';

export type Messages = Readonly<Record<string, unknown>>;

/** This app's strings and the shared ones of one language, each a chunk loaded with a time limit. */
export async function both(
  own: Promise<{ default: Messages }>,
  shared: Promise<{ default: Messages }>,
): Promise<Messages> {
  const [ownModule, sharedModule] = await Promise.all([importChunk(() => own), importChunk(() => shared)]);
  return { ...ownModule.default, ...sharedModule.default };
}

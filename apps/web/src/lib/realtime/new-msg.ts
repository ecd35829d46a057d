/**
 * socket.io `new_msg` (spec §7, DESIGN §7): the payload is text decoding to `{type, content, uid}`.
 * `gaogaoall` is for everyone; `gaogaoasx` only for the user whose uid matches the stored `uid` (the server
 * already sends it to that user's room only; the client checks as well). The content is plain text.
 */
import type {
  NEW_MSG_EVENT as ContractNewMsgEvent,
  SOCKET_IO_PATH as ContractSocketIoPath,
  NewMsg,
} from '@tradehall/contracts';

export type { NewMsg };

export const NEW_MSG_EVENT: typeof ContractNewMsgEvent = 'new_msg';
export const SOCKET_IO_PATH: typeof ContractSocketIoPath = '/socket.io';

export type ParsedNewMsg = { ok: true; msg: NewMsg } | { ok: false; reason: string };

export function parseNewMsg(payload: unknown): ParsedNewMsg {
  let value: unknown = payload;
  if (typeof payload === 'string') {
    try {
      value = JSON.parse(payload);
    } catch (error) {
      return { ok: false, reason: error instanceof Error ? error.message : 'not JSON' };
    }
  }
  if (typeof value !== 'object' || value === null) return { ok: false, reason: 'not an object' };
  const { type, content, uid } = value as Record<string, unknown>;
  if (type !== 'gaogaoall' && type !== 'gaogaoasx')
    return { ok: false, reason: `unknown type ${String(type)}` };
  if (typeof content !== 'string') return { ok: false, reason: 'content is not text' };
  return { ok: true, msg: { type, content, uid: typeof uid === 'string' ? uid : '' } };
}

/** Whether this browser shows the message: to everyone, or addressed to the stored uid. */
export function isForMe(msg: NewMsg, storedUid: string | null): boolean {
  if (msg.type === 'gaogaoall') return true;
  return storedUid !== null && storedUid !== '' && msg.uid === storedUid;
}

/**
 * A user's own invitation code ("default registration code"): 8 characters from A-Z and 2-9 without the
 * look-alikes 0/O, 1/I/L, so it can be read aloud and typed from a screenshot.
 */
import { randomInt } from 'node:crypto';
import { INVITATION_CODE_LENGTH } from '@tradehall/domain';

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newInvitationCode(): string {
  let code = '';
  for (let i = 0; i < INVITATION_CODE_LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** The proof of liabilities: public snapshots and key, the user's own proof, the operator's side. */
import { idParamsSchema, pageQuerySchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  liabilitiesOverviewSchema,
  liabilitiesProofSchema,
  liabilitiesPublicKeySchema,
  liabilitiesSnapshotPageSchema,
  liabilitiesSnapshotSchema,
  reservesStatementSchema,
  reservesUpdateRequestSchema,
} from '../liabilities.ts';

export const liabilitiesEndpoints = {
  overview: endpoint({
    method: 'GET',
    path: '/liabilities',
    access: 'public',
    tags: ['trust'],
    summary:
      'The latest signed snapshot of liabilities, the signing key, the schedule and the stated reserves',
    status: 200,
    response: liabilitiesOverviewSchema,
    errors: [],
  }),
  publicKey: endpoint({
    method: 'GET',
    path: '/liabilities/public-key',
    access: 'public',
    tags: ['trust'],
    summary: 'The Ed25519 public key every snapshot is signed with (hex)',
    status: 200,
    response: liabilitiesPublicKeySchema,
    errors: [],
  }),
  history: endpoint({
    method: 'GET',
    path: '/liabilities/snapshots',
    access: 'public',
    tags: ['trust'],
    summary: 'Every snapshot, newest first (append-only; each names the root before it)',
    query: pageQuerySchema,
    status: 200,
    response: liabilitiesSnapshotPageSchema,
    errors: [],
  }),
  myProof: endpoint({
    method: 'GET',
    path: '/liabilities/snapshots/:id/proof',
    access: 'user',
    tags: ['trust'],
    summary:
      "The signed-in user's proof of inclusion in a snapshot: leaf, salt, path and the signed statement " +
      '(NOT_FOUND when the snapshot does not exist or does not include the user)',
    params: idParamsSchema,
    status: 200,
    response: liabilitiesProofSchema,
    errors: [],
  }),
  adminHistory: endpoint({
    method: 'GET',
    path: '/admin/liabilities/snapshots',
    access: 'operator',
    tags: ['admin'],
    summary: 'Every snapshot, newest first',
    query: pageQuerySchema,
    status: 200,
    response: liabilitiesSnapshotPageSchema,
    errors: [],
  }),
  adminTake: endpoint({
    method: 'POST',
    path: '/admin/liabilities/snapshots',
    access: 'operator',
    role: 'admin',
    tags: ['admin'],
    summary: 'Take a snapshot now (admin role; audited). SERVICE_UNAVAILABLE without a signing key',
    status: 201,
    response: liabilitiesSnapshotSchema,
    errors: [],
  }),
  adminReserves: endpoint({
    method: 'PUT',
    path: '/admin/liabilities/reserves',
    access: 'operator',
    role: 'admin',
    secondFactor: 'step-up',
    tags: ['admin'],
    summary:
      'State the reserves shown beside total liabilities, with how they are backed (admin role, with ' +
      "totpCode: a current code from the admin's authenticator app; audited)",
    body: reservesUpdateRequestSchema,
    status: 200,
    response: reservesStatementSchema,
    errors: ['LOGIN_LOCKED'],
  }),
} as const;

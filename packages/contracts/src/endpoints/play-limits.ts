/** A player's own play limits, breaks and reality check; the operators' read-only view of them. */
import { z } from 'zod';
import { idParamsSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  playCountersSchema,
  playLimitsOverviewSchema,
  realityCheckRequestSchema,
  setPlayLimitRequestSchema,
  takePlayBreakRequestSchema,
} from '../play-limits.ts';

export const playLimitEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/play-limits',
    access: 'user',
    tags: ['play-limits'],
    summary: 'My limits, what this day, week and month counted, my break and reality check',
    status: 200,
    response: playLimitsOverviewSchema,
    errors: [],
  }),
  set: endpoint({
    method: 'PUT',
    path: '/play-limits',
    access: 'user',
    tags: ['play-limits'],
    summary: 'Set a limit: lower at once, higher or removed after 24 hours',
    body: setPlayLimitRequestSchema,
    status: 200,
    response: playLimitsOverviewSchema,
    errors: [],
  }),
  takeBreak: endpoint({
    method: 'POST',
    path: '/play-limits/breaks',
    access: 'user',
    tags: ['play-limits'],
    summary: 'Take a cool-off or self-exclusion: no positions nor deposits until it ends; nobody lifts it',
    body: takePlayBreakRequestSchema,
    status: 200,
    response: playLimitsOverviewSchema,
    errors: ['PLAY_BREAK_SHORTER'],
  }),
  realityCheck: endpoint({
    method: 'PUT',
    path: '/play-limits/reality-check',
    access: 'user',
    tags: ['play-limits'],
    summary: 'Remind me every N minutes of play (null: off)',
    body: realityCheckRequestSchema,
    status: 200,
    response: playLimitsOverviewSchema,
    errors: [],
  }),
  session: endpoint({
    method: 'GET',
    path: '/play-limits/session',
    access: 'user',
    tags: ['play-limits'],
    summary:
      'My stakes and payouts of all time: the reality check shows the difference since its session began',
    status: 200,
    response: playCountersSchema,
    errors: [],
  }),
} as const;

export const adminPlayLimitEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/admin/users/:id/play-limits',
    access: 'operator',
    tags: ['admin'],
    summary: "A user's play limits and break, read-only",
    params: idParamsSchema,
    status: 200,
    response: playLimitsOverviewSchema,
    errors: [],
  }),
  liftBreak: endpoint({
    method: 'DELETE',
    path: '/admin/users/:id/play-break',
    access: 'operator',
    tags: ['admin'],
    summary: "Lifting a user's break: always refused (and recorded in the audit log)",
    params: idParamsSchema,
    status: 204,
    response: z.undefined(),
    errors: ['PLAY_BREAK_LOCKED'],
  }),
} as const;

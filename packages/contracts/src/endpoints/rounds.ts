/** Rooms and their rounds: the list, entering a room, a room's rounds and one round (mine, or anyone's). */
import { idParamsSchema, pageQuerySchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { roundDetailSchema } from '../positions.ts';
import {
  enterRoomResponseSchema,
  roomListSchema,
  roomSchema,
  roomTrendsSchema,
  roundPageSchema,
  roundSchema,
  trendRoundPageSchema,
} from '../rounds.ts';

export const roomEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/rooms',
    access: 'optional',
    tags: ['trading'],
    summary:
      'Every room with its limits and current round. With a valid bearer token, `qualified` and ' +
      '`missingForEntry` are the viewer’s; without, false and the entry minimum',
    status: 200,
    response: roomListSchema,
    // Signed out: one shared copy for everyone, so an unchanged list costs a 304.
    conditional: true,
    errors: [],
  }),
  get: endpoint({
    method: 'GET',
    path: '/rooms/:id',
    access: 'optional',
    tags: ['trading'],
    summary: 'One room, its limits and its current round (with the commitment of the open round)',
    params: idParamsSchema,
    status: 200,
    response: roomSchema,
    conditional: true,
    errors: [],
  }),
  enter: endpoint({
    method: 'POST',
    path: '/rooms/:id/enter',
    access: 'user',
    tags: ['trading'],
    summary: 'Enter a room: ENTRY_MINIMUM_NOT_MET (with the amount missing) unless my balance meets it',
    params: idParamsSchema,
    status: 200,
    response: enterRoomResponseSchema,
    errors: ['ENTRY_MINIMUM_NOT_MET'],
  }),
  rounds: endpoint({
    method: 'GET',
    path: '/rooms/:id/rounds',
    access: 'public',
    tags: ['trading'],
    summary: 'A room’s rounds, newest first; hash, digits and sum only once a round is drawn',
    params: idParamsSchema,
    query: pageQuerySchema,
    status: 200,
    response: roundPageSchema,
    errors: [],
  }),
  round: endpoint({
    method: 'GET',
    path: '/rounds/:id',
    access: 'user',
    tags: ['trading'],
    summary: 'A round and my positions in it',
    params: idParamsSchema,
    status: 200,
    response: roundDetailSchema,
    errors: [],
  }),
  // A link to one round (the round card's, an investment record's) is opened signed out too: this answers
  // the round as the room's list shows it, however old, without a session and without anyone's positions.
  publicRound: endpoint({
    method: 'GET',
    path: '/rounds/:id/public',
    access: 'public',
    tags: ['trading'],
    summary:
      'One round as anyone sees it in its room’s rounds (hash, digits and sum only once drawn), found by ' +
      'its id however old it is',
    params: idParamsSchema,
    status: 200,
    response: roundSchema,
    errors: [],
  }),
} as const;

/** The trend tables of a room: its figures with the newest drawn rounds, and older rounds page by page. */
export const trendEndpoints = {
  room: endpoint({
    method: 'GET',
    path: '/rooms/:id/trends',
    access: 'public',
    tags: ['trading'],
    summary:
      'A room’s trend tables: omission of every sum and category, counts over the last 100 and 1,000 ' +
      'settled rounds beside their expected values, a chi-square goodness-of-fit, and the newest drawn rounds',
    params: idParamsSchema,
    status: 200,
    response: roomTrendsSchema,
    errors: [],
  }),
  rounds: endpoint({
    method: 'GET',
    path: '/rooms/:id/trends/rounds',
    access: 'public',
    tags: ['trading'],
    summary:
      'A room’s drawn rounds for the trend table, newest first, with their categories; voided ones marked',
    params: idParamsSchema,
    query: pageQuerySchema,
    status: 200,
    response: trendRoundPageSchema,
    errors: [],
  }),
} as const;

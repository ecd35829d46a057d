/**
 * The app's own endpoints: health (load balancers, monitors, the server-line ping) and the latest version.
 * The remote configuration is not here: it is served at the root (`REMOTE_CONFIG_PATH`, outside `/api/v1`)
 * and may be a copy on object storage, so it is read as a plain file, not called as an endpoint.
 */
import { appVersionResponseSchema, healthResponseSchema, readinessResponseSchema } from '../app.ts';
import { endpoint } from '../endpoint.ts';

export const appEndpoints = {
  /** Also answers 503 with the same body when the database does not answer (the server adds that status). */
  health: endpoint({
    method: 'GET',
    path: '/health',
    access: 'public',
    tags: ['app'],
    summary: 'Liveness and database health (503 when the database does not answer)',
    status: 200,
    response: healthResponseSchema,
    errors: [],
  }),
  /** Also answers 503 with the same body while the node starts or drains (the server adds that status). */
  ready: endpoint({
    method: 'GET',
    path: '/health/ready',
    access: 'public',
    tags: ['app'],
    summary:
      'Readiness for a load balancer: 200 when this node takes traffic, 503 while starting or draining',
    status: 200,
    response: readinessResponseSchema,
    errors: [],
  }),
  version: endpoint({
    method: 'GET',
    path: '/app/version',
    access: 'public',
    tags: ['app'],
    summary: 'The latest app version and its update notes',
    status: 200,
    response: appVersionResponseSchema,
    errors: [],
  }),
} as const;

/**
 * GET /remote-config.json: the server lines, links and map tiles the app reads at start. At the root,
 * not under /api/v1, so the same file can be copied to object storage as is (VITE_REMOTE_CONFIG_URL);
 * for that reason it is not an endpoint of the contract (those live under /api/v1) and is registered
 * here directly, its path shared with the app through the contracts' REMOTE_CONFIG_PATH.
 * Public and the same for everyone; sent with an ETag (a revalidation costs a 304).
 */
import { REMOTE_CONFIG_PATH, remoteConfigSchema } from '@tradehall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/http.ts';
import { notModifiedResponse, sendShared, withEtag } from '../../platform/shared-read-reply.ts';
import type { RemoteConfigService } from './remote-config.service.ts';

export function remoteConfigRoutes(deps: { remoteConfig: RemoteConfigService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      REMOTE_CONFIG_PATH,
      {
        schema: {
          tags: ['app'],
          summary: 'The remote configuration: server lines, links and map tiles (public)',
          response: { 200: withEtag(remoteConfigSchema), 304: notModifiedResponse, ...errorResponses },
        },
      },
      async (request, reply) => sendShared(request, reply, await deps.remoteConfig.read()),
    );
  };
}

/**
 * buildApp: the Fastify instance with the error model, validation, rate limits, OpenAPI, the API under
 * /api/v1 and the built web app and console. main.ts listens with it; tests drive it with inject().
 */
import type { EndpointSpec } from '@tradehall/contracts';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { adminAuthRoutes } from './modules/admin-auth/admin-auth.routes.ts';
import { operatorsRoutes } from './modules/admin-auth/operators.routes.ts';
import { dashboardRoutes } from './modules/admin-dashboard/dashboard.routes.ts';
import { adminRoomsRoutes } from './modules/admin-rooms/admin-rooms.routes.ts';
import { adminUsersRoutes } from './modules/admin-users/admin-users.routes.ts';
import { appRoutes } from './modules/app/app.routes.ts';
import { remoteConfigRoutes } from './modules/app/remote-config.routes.ts';
import { assetsRoutes } from './modules/assets/assets.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { bankCardsRoutes } from './modules/bank-cards/bank-cards.routes.ts';
import { adminDepositsRoutes } from './modules/deposits/admin-deposits.routes.ts';
import { depositsRoutes } from './modules/deposits/deposits.routes.ts';
import { fairnessRoutes } from './modules/fairness/fairness.routes.ts';
import { fundingSettingsRoutes } from './modules/funding-settings/funding-settings.routes.ts';
import { ledgerRoutes } from './modules/ledger/ledger.routes.ts';
import { liabilitiesRoutes } from './modules/liabilities/liabilities.routes.ts';
import { marketRoutes } from './modules/market/market.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { paymentWebhookRoutes } from './modules/payments/payment-webhook.routes.ts';
import { sandboxGatewayRoutes } from './modules/payments/sandbox/sandbox.routes.ts';
import { sandboxEventSchema } from './modules/payments/sandbox/sandbox-provider.ts';
import { playLimitsRoutes } from './modules/play-limits/play-limits.routes.ts';
import { positionProofRoutes } from './modules/position-proofs/position-proofs.routes.ts';
import { positionsRoutes } from './modules/positions/positions.routes.ts';
import { referralsRoutes } from './modules/referrals/referrals.routes.ts';
import { roomsRoutes } from './modules/rounds/rooms.routes.ts';
import { trendsRoutes } from './modules/rounds/trends.routes.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { commonUploadRoute, uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { walletsRoutes } from './modules/wallets/wallets.routes.ts';
import { adminWithdrawalsRoutes } from './modules/withdrawals/admin-withdrawals.routes.ts';
import { withdrawalStatsRoutes } from './modules/withdrawals/withdrawal-stats.routes.ts';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals.routes.ts';
import { registerCompression } from './platform/compression.ts';
import { type Config, servesApi } from './platform/config.ts';
import { registerCors } from './platform/cors.ts';
import { AppError, installErrorHandler, sendError, toAppError } from './platform/errors.ts';
import { installAccessGuards } from './platform/guards/access-guards.ts';
import { lazyRequestLogger } from './platform/lazy-request-logger.ts';
import { accessLog, type Logger } from './platform/logger.ts';
import type { Metrics } from './platform/metrics/metrics.ts';
import { installRequestMetrics } from './platform/metrics/request-metrics.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { registerRateLimit } from './platform/rate-limit.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import {
  CONSOLE_PREFIX,
  registerStaticSites,
  type StaticSites,
  sendConsoleIndex,
} from './platform/static-files.ts';
import { MAX_PATH_PARAM_LENGTH, zodValidatorCompiler } from './platform/validation.ts';
import type { Services } from './services.ts';

export const API_PREFIX = '/api/v1';

export interface AppDeps {
  config: Config;
  services: Services;
  logger: Logger;
  /** Shared rate-limit store when REDIS_URL is set. */
  redis?: Redis | null;
  /** When METRICS_PORT is set: every answer observed by route template and status. */
  metrics?: Metrics | null;
}

/** A route as registered (method and full URL): the security test walks every one of them. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** The contract declaration the route was registered from (platform/endpoint-route.ts), if any. */
  endpoint?: EndpointSpec;
}

export interface BuiltApp {
  app: FastifyInstance;
  sites: StaticSites;
  /** Every route the app registered, in registration order. */
  routes: RegisteredRoute[];
}

export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { config, services, logger } = deps;
  const app = Fastify({
    // Upcast: Fastify's plugin types are written against its base logger interface.
    loggerInstance: logger satisfies FastifyBaseLogger as FastifyBaseLogger,
    bodyLimit: config.bodyLimitBytes,
    // A client that stops sending mid-request, or a socket silent for that long while a request is
    // open, is cut off instead of holding the connection forever. Upgraded WebSockets are exempt (ws
    // clears the socket timeout); they have their own ping/pong keepalive.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs,
    trustProxy: config.trustProxy,
    // One compact line per response (onResponse hook below) instead of Fastify's two per request.
    logController: new LogController({ disableRequestLogging: true }),
    // Each request's logger becomes a pino child only if the request logs (lazy-request-logger.ts).
    childLoggerFactory: lazyRequestLogger,
    // While closing, a request that still arrives on an open connection is served (with Connection:
    // close) rather than answered by Fastify's own 503 body, which is not our error format. New
    // connections are refused by the closed listener either way.
    return503OnClosing: false,
    // Path parameters are checked by each route's schema, which names the field (VALIDATION_FAILED);
    // the router's own limit (100 by default, answered 414 in Fastify's format) would get there first.
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    // What the router refuses before any route runs (a parameter past that limit, a malformed %-escape
    // in the path) is answered in our error format, not Fastify's (no route, so no onSend hook either).
    frameworkErrors: (error, request, reply) =>
      sendError(request, reply.header('x-content-type-options', 'nosniff'), toAppError(error)),
  });

  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const endpoint = route.config?.endpoint;
      routes.push({ method, url: route.url, ...(endpoint ? { endpoint } : {}) });
    }
  });

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app, { strictContract: config.testMode || process.env.NODE_ENV === 'test' });
  installJsonOnly(app);
  // Every route's guard comes from its declaration (route() looks it up): the sessions they check.
  installAccessGuards(app, { users: services.sessions, operators: services.adminAuth });

  // Errors and slow answers always, one in 100 of the rest (every one at LOG_LEVEL=debug).
  const logAccess = accessLog({ sampleEvery: logger.isLevelEnabled('debug') ? 1 : 100, slowMs: 1000 });
  app.addHook('onResponse', (request, reply, done) => {
    logAccess(request.log, {
      method: request.method,
      url: request.url.split('?')[0] ?? request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    });
    done();
  });
  if (deps.metrics) installRequestMetrics(app, deps.metrics);

  await registerSecurityHeaders(app, config);
  // Before the rate limit, so a refused (429) answer still reaches the page that asked, readable.
  await registerCors(app, config.lines.appOrigins);
  registerCompression(app);
  await registerRateLimit(app, config, deps.redis ?? null);
  await registerOpenApi(app);
  await app.register(remoteConfigRoutes({ remoteConfig: services.remoteConfig }));

  await app.register(
    async (api) => {
      await api.register(appRoutes({ app: services.app }));
      if (!servesApi(config)) return;
      await api.register(
        authRoutes({
          config,
          auth: services.auth,
          captcha: services.captcha,
          sessions: services.sessions,
          passwordReset: services.passwordReset,
        }),
      );
      await api.register(
        accountsRoutes({
          accounts: services.accounts,
          authPerMinute: config.rateLimit.authPerMinute,
        }),
      );
      await api.register(
        adminAuthRoutes({
          adminAuth: services.adminAuth,
          authPerMinute: config.rateLimit.authPerMinute,
          accountPerMinute: config.rateLimit.accountPerMinute,
        }),
      );
      await registerMoneyRoutes(api, config, services);
      await registerTradingRoutes(api, services);
      await registerConsoleRoutes(api, services);
      await api.register(notificationsRoutes({ notifications: services.notifications }));
      await api.register(supportRoutes({ support: services.support }));
      await api.register(playLimitsRoutes({ playLimits: services.playLimits }));
      await api.register(liabilitiesRoutes({ liabilities: services.liabilities }));
      await api.register(referralsRoutes({ referrals: services.referrals }));
    },
    { prefix: API_PREFIX },
  );
  if (servesApi(config)) await app.register(commonUploadRoute({ uploads: services.uploads }));

  // A realtime-only node serves health and realtime, nothing else: the pages come from the api nodes.
  const sites: StaticSites = servesApi(config)
    ? await registerStaticSites(app, config)
    : { web: false, console: false };
  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (sites.console && isPageRequest && request.url.startsWith(CONSOLE_PREFIX)) {
      return sendConsoleIndex(reply, config.consoleDistDir);
    }
    return sendError(request, reply, new AppError('NOT_FOUND'));
  });

  return { app, sites, routes };
}

/** Money: funding methods, uploads, deposits, the card gateway, cards, wallets, withdrawals. */
async function registerMoneyRoutes(api: FastifyInstance, config: Config, services: Services): Promise<void> {
  await api.register(ledgerRoutes({ ledger: services.ledger }));
  await api.register(fundingSettingsRoutes({ fundingSettings: services.fundingSettings }));
  await api.register(uploadsRoutes({ uploads: services.uploads }));
  await api.register(depositsRoutes({ deposits: services.deposits }));
  await api.register(adminDepositsRoutes({ deposits: services.deposits }));
  // Without a card gateway there is no webhook to call and no hosted page to reach.
  if (services.cardProvider) {
    await api.register(
      paymentWebhookRoutes({
        provider: services.cardProvider,
        deposits: services.deposits,
        eventSchema: sandboxEventSchema,
      }),
    );
  }
  if (services.sandboxGateway) {
    await api.register(
      sandboxGatewayRoutes({ gateway: services.sandboxGateway, publicUrl: config.publicUrl }),
    );
  }
  await api.register(bankCardsRoutes({ bankCards: services.bankCards }));
  await api.register(walletsRoutes({ wallets: services.wallets }));
  await api.register(withdrawalsRoutes({ withdrawals: services.withdrawals }));
  await api.register(adminWithdrawalsRoutes({ withdrawals: services.withdrawals }));
  await api.register(withdrawalStatsRoutes({ withdrawalStats: services.withdrawalStats }));
  await api.register(assetsRoutes({ assets: services.assets }));
}

/** Trading: rooms, rounds, positions and records, the market overview, fairness proofs. */
async function registerTradingRoutes(api: FastifyInstance, services: Services): Promise<void> {
  await api.register(roomsRoutes({ rooms: services.rooms }));
  await api.register(positionsRoutes({ positions: services.positions }));
  await api.register(marketRoutes({ market: services.market }));
  await api.register(trendsRoutes({ trends: services.trends }));
  await api.register(fairnessRoutes({ fairness: services.fairness }));
  await api.register(positionProofRoutes({ proofs: services.positionProofs }));
}

/** The operator console; the deposit, withdrawal, ledger and funding queues are with money. */
async function registerConsoleRoutes(api: FastifyInstance, services: Services): Promise<void> {
  await api.register(operatorsRoutes({ operators: services.operators }));
  await api.register(auditRoutes({ audit: services.audit }));
  await api.register(dashboardRoutes({ dashboard: services.dashboard }));
  await api.register(
    adminUsersRoutes({ users: services.adminUsers, adjustments: services.balanceAdjustments }),
  );
  await api.register(adminRoomsRoutes({ rooms: services.adminRooms }));
}

/**
 * JSON is the only body type. An empty body with a JSON content type reads as "no body" (a client's
 * bodyless POST /auth/logout), so the schema, not the parser, decides whether a body was needed.
 */
function installJsonOnly(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // Fatal: bytes that are not UTF-8 are refused, not turned into U+FFFD and accepted as if typed.
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = typeof body === 'string' ? body : utf8.decode(body);
    } catch (error) {
      done(new AppError('MALFORMED_JSON', { cause: error }), undefined);
      return;
    }
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import { registerIdp } from '@portaal/idp';
import { createSignInThrottle } from '@portaal/idp/throttle';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { demoUsers } from './db/seed/demo-data.ts';
import type { ChatQueue } from './jobs/chat-queue.ts';
import type { Jobs } from './jobs/jobs.ts';
import type { MailQueue } from './jobs/mail-queue.ts';
import type { Caller } from './lib/caller.ts';
import { createCursors, cursorSecret } from './lib/cursor.ts';
import {
  ADMINISTRATION_NOTIFY_CRON,
  ADMINISTRATION_NOTIFY_JOB,
  createAdministrationNotifier,
} from './modules/administration/administration.notify.ts';
import { administrationRoutes } from './modules/administration/administration.routes.ts';
import { createAgreementsRepo } from './modules/agreements/agreements.repo.ts';
import { agreementRoutes } from './modules/agreements/agreements.routes.ts';
import { createAgreementsService } from './modules/agreements/agreements.service.ts';
import { createAuditReads } from './modules/audit/audit.reads.ts';
import { createAuditRepo } from './modules/audit/audit.repo.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { createAuditLog } from './modules/audit/audit.service.ts';
import { createAvailabilityRepo } from './modules/availability/availability.repo.ts';
import { availabilityRoutes } from './modules/availability/availability.routes.ts';
import { createAvailabilityService } from './modules/availability/availability.service.ts';
import { createProber, PROBE_JOB } from './modules/availability/prober.ts';
import { slaPanel } from './modules/availability/sla.panel.ts';
import { createChatRepo } from './modules/chat/chat.repo.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { createChatService } from './modules/chat/chat.service.ts';
import { createChatDelivery } from './modules/chat/chat-delivery.ts';
import { createContactsRepo } from './modules/contacts/contacts.repo.ts';
import { contactRoutes } from './modules/contacts/contacts.routes.ts';
import { contactsSearch } from './modules/contacts/contacts.search.ts';
import { createContactsService } from './modules/contacts/contacts.service.ts';
import { createLoginsRepo } from './modules/contacts/logins.repo.ts';
import { loginRoutes } from './modules/contacts/logins.routes.ts';
import { createLoginHooks, createLoginsService } from './modules/contacts/logins.service.ts';
import { createLoginSync, IDENTITY_SYNC_JOB } from './modules/contacts/logins.sync.ts';
import { notificationChoiceRoutes } from './modules/contacts/notification-choices.routes.ts';
import { createNotificationChoices } from './modules/contacts/notification-choices.ts';
import { contractsPanel } from './modules/contracts/contracts.panel.ts';
import { createContractsRepo } from './modules/contracts/contracts.repo.ts';
import { contractRoutes } from './modules/contracts/contracts.routes.ts';
import { contractsSearch } from './modules/contracts/contracts.search.ts';
import { createContractsService } from './modules/contracts/contracts.service.ts';
import { createCrosschecksRepo } from './modules/crosschecks/crosschecks.repo.ts';
import { crosscheckRoutes } from './modules/crosschecks/crosschecks.routes.ts';
import { createCrosschecksService } from './modules/crosschecks/crosschecks.service.ts';
import { createCustomersRepo } from './modules/customers/customers.repo.ts';
import { customerRoutes } from './modules/customers/customers.routes.ts';
import { customersSearch } from './modules/customers/customers.search.ts';
import { createCustomersService } from './modules/customers/customers.service.ts';
import { createDashboard } from './modules/dashboard/dashboard.registry.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { invoicesPanel } from './modules/invoices/invoices.panel.ts';
import { createInvoicesRepo } from './modules/invoices/invoices.repo.ts';
import { invoiceRoutes } from './modules/invoices/invoices.routes.ts';
import { invoicesSearch } from './modules/invoices/invoices.search.ts';
import { createInvoicesService } from './modules/invoices/invoices.service.ts';
import { landscapeRoutes } from './modules/landscape/landscape.routes.ts';
import { landscapeSearch, serversSearch } from './modules/landscape/landscape.search.ts';
import { createLandscapeService } from './modules/landscape/landscape.service.ts';
import { createLandscapeSource } from './modules/landscape/landscape.sources.ts';
import { createMailingsRepo } from './modules/mailings/mailings.repo.ts';
import { mailingRoutes } from './modules/mailings/mailings.routes.ts';
import {
  createMailingSender,
  MAILING_RESUME_JOB,
  MAILING_SEND_JOB,
} from './modules/mailings/mailings.send.ts';
import { createMailingsService } from './modules/mailings/mailings.service.ts';
import { buildClientConfig, metaRoutes } from './modules/meta/meta.routes.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { opsRoutes } from './modules/ops/ops.routes.ts';
import { passwordRoutes } from './modules/password/password.routes.ts';
import { createPasswordService } from './modules/password/password.service.ts';
import { createReportGenerator, REPORTS_JOB } from './modules/reports/reports.generate.ts';
import { createReportRegeneration } from './modules/reports/reports.regenerate.ts';
import { createReportsRepo } from './modules/reports/reports.repo.ts';
import { reportRoutes } from './modules/reports/reports.routes.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { createSearch } from './modules/search/search.registry.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { changeRequestRoutes } from './modules/tickets/change-requests.routes.ts';
import { createDeskRepo } from './modules/tickets/desk.repo.ts';
import { deskRoutes } from './modules/tickets/desk.routes.ts';
import { createDeskService } from './modules/tickets/desk.service.ts';
import { createIncidentReads } from './modules/tickets/tickets.incidents.ts';
import { ticketsPanel } from './modules/tickets/tickets.panel.ts';
import { createTicketsRepo } from './modules/tickets/tickets.repo.ts';
import { ticketRoutes } from './modules/tickets/tickets.routes.ts';
import { ticketsSearch } from './modules/tickets/tickets.search.ts';
import { createTicketsService } from './modules/tickets/tickets.service.ts';
import { watcherRoutes } from './modules/tickets/watchers.routes.ts';
import { createWatchersService } from './modules/tickets/watchers.service.ts';
import { createMetricsSource } from './modules/trends/metrics-sources.ts';
import { serversPanel } from './modules/trends/servers.panel.ts';
import { trendRoutes } from './modules/trends/trends.routes.ts';
import { createTrendsService } from './modules/trends/trends.service.ts';
import { createUsageRepo } from './modules/usage/usage.repo.ts';
import { usageRoutes } from './modules/usage/usage.routes.ts';
import { createUsageService } from './modules/usage/usage.service.ts';
import { usageAdminRoutes } from './modules/usage/usage-admin.routes.ts';
import { createUsageAdminService } from './modules/usage/usage-admin.service.ts';
import { createIdentityAdmin } from './modules/users/identity.sources.ts';
import type { IdentityAdmin } from './modules/users/identity-admin.ts';
import { meRoutes } from './modules/users/me.routes.ts';
import { createMeService } from './modules/users/me.service.ts';
import { createMembershipsCache } from './modules/users/memberships-cache.ts';
import { createUsersRepo } from './modules/users/users.repo.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { accessPlugin } from './plugins/access.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin, sendProblem, toProblem } from './plugins/errors.ts';
import { docsRoutes, openapiPlugin } from './plugins/openapi.ts';
import { securityPlugin } from './plugins/security.ts';
import { serializerCompiler } from './plugins/serializer.ts';
import { validatorCompiler } from './plugins/validator.ts';
import { webRoutes } from './plugins/web.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const defaultWebDist = path.resolve(here, '../../web/dist');

export interface AppDeps {
  config: Config;
  db: Database;
  ping(): Promise<void>;
  /** false silences logging; a stream receives the JSON log lines instead of stdout. */
  logger?: false | { stream: NodeJS.WritableStream };
  /** Where new outbox mails go after commit (pg-boss); without it they wait for a worker's sweep. */
  mailQueue?: MailQueue;
  /** Where new chat messages go after commit (pg-boss); without it they wait for a worker's sweep. */
  chatQueue?: ChatQueue;
  /** The process's pg-boss jobs: periodic work (the availability prober) is scheduled on them. */
  jobs?: Pick<Jobs, 'periodic' | 'queue'>;
  /** Another identity provider's user administration than the configuration's (tests: one that fails). */
  identityAdmin?: IdentityAdmin;
}

const REDACTED = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];
const SECRET_PARAMS =
  /^(id_token_hint|code|code_verifier|token|access_token|refresh_token|id_token|password|session_state|key)$/i;

/** Request URLs are logged with secret query values (id_token_hint, code, …) replaced. */
export function redactUrl(url: string): string {
  const [pathPart, query] = url.split('?', 2);
  if (!query) return url;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) if (SECRET_PARAMS.test(key)) params.set(key, '[redacted]');
  return `${pathPart}?${params.toString()}`;
}

const serializers = {
  req: (request: { method: string; url: string; id: string; ip?: string }) => ({
    method: request.method,
    url: redactUrl(request.url),
    request_id: request.id,
    remote: request.ip,
  }),
};

/** One log line per request, written when it is answered, instead of Fastify's two. */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const fields = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}

export async function buildApp({
  config,
  db,
  ping,
  logger,
  mailQueue,
  chatQueue,
  jobs,
  identityAdmin,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: { paths: REDACTED, censor: '[redacted]' },
            serializers,
            ...logger,
          },
    bodyLimit: 1_048_576,
    trustProxy: config.NODE_ENV === 'production',
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    return503OnClosing: true,
    logController: new OneLinePerRequest(),
    routerOptions: { maxParamLength: 500 },
    // A URL the router cannot decode (%C0%AE) or an over-long path parameter: a problem like any other.
    frameworkErrors: (error, request, reply) => sendProblem(reply, toProblem(error, request.id)),
  });
  // JSON only: a text body on a JSON route is refused with 415 rather than validated as a string.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });

  const usersRepo = createUsersRepo(db);
  const membershipsCache = createMembershipsCache({
    pool: db.$client,
    read: usersRepo.membershipsOf,
    log: app.log,
  });
  app.addHook('onClose', () => membershipsCache.close());
  const users = createUsersService(usersRepo, {
    rolePrefix: config.PROVIDER_ROLE_PREFIX,
    memberships: membershipsCache.get,
  });
  const me = createMeService(usersRepo, users);
  const cursors = createCursors(await cursorSecret(db, config.CURSOR_SECRET));
  const audit = createAuditLog(db);
  const customers = createCustomersService(createCustomersRepo(db), cursors, audit);
  const choices = createNotificationChoices({ db, audit });
  const chat = createChatService({
    repo: createChatRepo(db),
    audit,
    // The test message is posted from the request, on the API's own pool.
    delivery: createChatDelivery({
      pool: db.$client,
      targets: config.CHAT_WEBHOOK_TARGETS,
      timeoutMs: 10_000,
      userAgent: `${config.BRAND_NAME} notifications`,
    }),
    targets: config.CHAT_WEBHOOK_TARGETS,
    brandName: config.BRAND_NAME,
  });
  const notifications = createNotificationsService({
    db,
    config,
    users,
    mailQueue,
    chatQueue,
    choices,
    chat,
    log: app.log,
    cursors,
  });
  const attachmentRules = {
    extensions: config.ATTACHMENT_EXTENSIONS,
    maxFiles: config.ATTACHMENT_MAX_FILES,
    maxTotalBytes: Math.floor(config.ATTACHMENT_MAX_TOTAL_MB * 1024 * 1024),
  };
  const landscape = createLandscapeService({
    source: createLandscapeSource(config, db),
    audit,
    cursors,
    oidc: { issuer: config.issuer, clientId: config.OIDC_CLIENT_ID },
  });
  const ticketsRepo = createTicketsRepo(db, config.TICKET_RESPONSE_TARGETS);
  const tickets = createTicketsService(ticketsRepo, {
    events: notifications,
    audit,
    users,
    rolePrefix: config.PROVIDER_ROLE_PREFIX,
    serviceDeskPhone: config.SERVICE_DESK_PHONE,
    attachmentRules,
    cursors,
    landscape,
  });

  // Dashboard panels: one registration per area, shown to callers with the area's read right.
  const dashboard = createDashboard();
  dashboard.register(ticketsPanel(db));
  const desk = createDeskService({
    repo: createDeskRepo(db),
    ticketsRepo,
    tickets,
    users,
    events: notifications,
    audit,
    cursors,
    rolePrefix: config.PROVIDER_ROLE_PREFIX,
  });

  const trends = createTrendsService({ metrics: createMetricsSource(config, db), landscape, customers });
  dashboard.register(serversPanel({ trends, landscape }));
  const usageRepo = createUsageRepo(db);
  const usage = createUsageService(usageRepo);
  const availability = createAvailabilityService(createAvailabilityRepo(db), db);
  const reportsRepo = createReportsRepo(db);
  const incidents = createIncidentReads(db);
  dashboard.register(
    slaPanel({
      applications: availability.applications,
      openIncidents: incidents.openIncidents,
      usage: usage.currentGroups,
    }),
  );
  const reports = createReportsService({ repo: reportsRepo, customers, brandName: config.BRAND_NAME });
  const reportGenerator = createReportGenerator({
    repo: reportsRepo,
    customerIds: customers.ids,
    tickets: incidents,
    usage,
    availability,
    responseTargets: config.TICKET_RESPONSE_TARGETS,
  });
  const regenerateReport = createReportRegeneration({
    db,
    repo: reportsRepo,
    generator: reportGenerator,
    audit,
    customerExists: customers.exists,
    get: reports.get,
  });
  const invoices = createInvoicesService({
    repo: createInvoicesRepo(db),
    audit,
    cursors,
    customerExists: customers.exists,
    customers,
    brandName: config.BRAND_NAME,
  });
  const contracts = createContractsService<Caller>({
    repo: createContractsRepo(db),
    audit,
    cursors,
    customerExists: customers.exists,
    fileEndRequest: (caller, customerId, body) =>
      tickets.createChangeRequest(caller, customerId, { kind: 'end-contract', body }),
  });
  dashboard.register(invoicesPanel(invoices));
  dashboard.register(contractsPanel(contracts));

  /** Mass mailings (decision 0026): sent by a pg-boss job; without jobs (tests, tools) in this process. */
  async function createMailings() {
    const repo = createMailingsRepo(db);
    const sender = createMailingSender({
      repo,
      mail: notifications,
      brandName: config.BRAND_NAME,
      publicUrl: config.publicUrl,
    });
    const runHere = (mailingId: number) =>
      void sender
        .run(mailingId)
        .catch((error: unknown) => app.log.error({ err: error, mailingId }, 'mailing not sent'));
    const send = await jobs?.queue<{ mailingId: number }>(MAILING_SEND_JOB, (data) =>
      sender.run(data.mailingId),
    );
    // A mailing left sending (its job gave up, or the queue was unreachable) is taken up again.
    await jobs?.periodic(MAILING_RESUME_JOB, '*/5 * * * *', () => sender.resume());
    return createMailingsService({
      repo,
      cursors,
      audit,
      log: app.log,
      queue: {
        enqueue: async (mailingId) =>
          send ? send({ mailingId }, `mailing:${mailingId}`) : runHere(mailingId),
      },
    });
  }

  await app.register(errorsPlugin);
  // JSON (problems too), CSV and XML answers of 1 kB and more, compressed for browsers that accept
  // it; brotli at quality 4 costs about what gzip does. The web app's files come compressed at build.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^(application\/(json|problem\+json|xml)|text\/csv)\b/,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(accessPlugin, { customerExists: customers.exists });
  const idpOrigin = new URL(config.issuer).origin;
  const publicOrigin = new URL(config.publicUrl).origin;
  await app.register(securityPlugin, {
    connectOrigins: idpOrigin === publicOrigin ? [] : [idpOrigin],
    analyticsOrigin: config.analytics && new URL(config.analytics.host).origin,
    rateLimitMax: config.RATE_LIMIT_MAX,
    pool: db.$client,
  });
  await app.register(openapiPlugin, { brandName: config.BRAND_NAME });
  await app.register(authPlugin, {
    issuer: config.issuer,
    audience: config.OIDC_AUDIENCE,
    clientId: config.OIDC_CLIENT_ID,
    rightsFor: users.rightsFor,
  });

  if (config.embeddedIdp) {
    const idp = await registerIdp(app, {
      issuer: config.issuer,
      realm: config.OIDC_REALM,
      clientId: config.OIDC_CLIENT_ID,
      audience: config.OIDC_AUDIENCE,
      publicUrl: config.publicUrl,
      db,
      accounts: users.accountStore,
      brandName: config.BRAND_NAME,
      demoLogins: demoUsers.map((user) => ({
        username: user.username,
        role: user.staff
          ? `${config.PROVIDER_ROLE_PREFIX}_${user.staff}`
          : user.memberships.map((m) => m.role).join(', '),
      })),
      production: config.NODE_ENV === 'production',
      allowInProduction: config.ALLOW_DEV_IDP_IN_PRODUCTION,
    });
    app.addHook('onClose', async () => idp.close());
  }

  await app.register(opsRoutes, { ping, metricsToken: config.METRICS_TOKEN });
  await app.register(docsRoutes, { brandName: config.BRAND_NAME });
  const clientConfig = buildClientConfig({
    brandName: config.BRAND_NAME,
    oidcUrl: config.issuer.replace(/\/realms\/[^/]+$/, ''),
    realm: config.OIDC_REALM,
    clientId: config.OIDC_CLIENT_ID,
    embeddedIdp: config.embeddedIdp,
    analytics: config.analytics,
  });
  await app.register(metaRoutes, { clientConfig });
  await app.register(customerRoutes, { customers });
  await app.register(meRoutes, { me });
  await app.register(notificationRoutes, { notifications });
  await app.register(notificationChoiceRoutes, { choices });
  await app.register(chatRoutes, { chat });
  await app.register(ticketRoutes, { tickets, attachmentRules });
  await app.register(changeRequestRoutes, { tickets });
  await app.register(deskRoutes, { desk });
  await app.register(watcherRoutes, {
    watchers: createWatchersService({ db, tickets, users, audit, rolePrefix: config.PROVIDER_ROLE_PREFIX }),
  });
  await app.register(dashboardRoutes, { dashboard });
  await app.register(landscapeRoutes, { landscape });
  await app.register(trendRoutes, { trends });
  await app.register(usageRoutes, { usage });
  await app.register(usageAdminRoutes, { usageAdmin: createUsageAdminService({ repo: usageRepo, cursors }) });
  await app.register(crosscheckRoutes, {
    crosschecks: createCrosschecksService({ repo: createCrosschecksRepo(db), cursors, audit }),
  });
  await app.register(agreementRoutes, {
    agreements: createAgreementsService({
      repo: createAgreementsRepo(db),
      cursors,
      audit,
      customerName: async (customerId) => (await customers.get(customerId)).display_name,
    }),
  });
  await app.register(mailingRoutes, { mailings: await createMailings() });
  await app.register(availabilityRoutes, { availability });
  await app.register(invoiceRoutes, { invoices });
  await app.register(contractRoutes, { contracts });
  await app.register(administrationRoutes, { invoices, contracts });
  await app.register(reportRoutes, { reports, regenerate: regenerateReport });
  if (jobs) {
    const prober = createProber({ db, events: notifications.applicationEvents, log: app.log });
    await jobs.periodic(PROBE_JOB, '* * * * *', () => prober.tick());
    // Before the pool ends: a tick spreads its checks over 45 s and would go on using it.
    app.addHook('onClose', () => prober.stop());
    // Last month's reports on the first of the month; at start too, so a missing month is filled.
    const monthly = () => reportGenerator.generateMonth(reportGenerator.lastPeriod(new Date()));
    await jobs.periodic(REPORTS_JOB, '0 2 1 * *', monthly, { expireInSeconds: 3600 });
    monthly().catch((error: unknown) => app.log.error({ err: error }, 'monthly reports failed'));
    // Overdue invoices and renewals within 30 days, told once to their readers (and at start).
    const notifier = createAdministrationNotifier({ db, events: notifications.administrationEvents });
    await jobs.periodic(ADMINISTRATION_NOTIFY_JOB, ADMINISTRATION_NOTIFY_CRON, () => notifier.sweep());
    notifier
      .sweep()
      .catch((error: unknown) => app.log.error({ err: error }, 'administration notifications failed'));
  }
  // Global search: one registration per domain, each answering what the caller may read.
  const search = createSearch();
  search.register(ticketsSearch(db));
  search.register(contactsSearch(db));
  search.register(customersSearch(db));
  search.register(invoicesSearch(db));
  search.register(contractsSearch(db));
  search.register(serversSearch(landscape));
  search.register(landscapeSearch(landscape));
  await app.register(searchRoutes, { search });
  await app.register(auditRoutes, { audit: createAuditReads({ repo: createAuditRepo(db), cursors }) });
  // Logins of contacts in the identity provider (DESIGN.md §8), pushed after each commit.
  const identity = identityAdmin ?? createIdentityAdmin(config, db);
  const loginsRepo = createLoginsRepo(db);
  const loginSync = createLoginSync({ repo: loginsRepo, identity, log: app.log });
  const loginHooks = createLoginHooks(loginsRepo, loginSync, membershipsCache);
  const contactsRepo = createContactsRepo(db);
  const contacts = createContactsService({
    repo: contactsRepo,
    audit,
    cursors,
    logins: loginHooks,
  });
  await app.register(contactRoutes, { contacts });
  const logins = createLoginsService({
    repo: loginsRepo,
    contactsRepo,
    contacts,
    identity,
    sync: loginSync,
    audit,
    mail: notifications,
    publicUrl: config.publicUrl,
    brandName: config.BRAND_NAME,
    log: app.log,
    hooks: loginHooks,
  });
  await app.register(loginRoutes, { logins, me });
  // Stale logins (the IdP did not answer) are pushed again every minute until it does.
  await jobs?.periodic(IDENTITY_SYNC_JOB, '* * * * *', () => loginSync.retryStale());
  if (config.embeddedIdp) {
    await app.register(passwordRoutes, {
      password: createPasswordService(users.accountStore, createSignInThrottle(db)),
    });
  }
  await app.register(webRoutes, { distDir: config.WEB_DIST ?? defaultWebDist, clientConfig });
  return app;
}

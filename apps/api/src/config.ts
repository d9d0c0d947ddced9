import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

const url = z.url({ error: 'must be an absolute URL' }).refine((value) => /^https?:\/\//.test(value), {
  message: 'must start with http:// or https://',
});

const port = z.coerce
  .number({ error: 'must be a port number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

/** A Prometheus label name (its data model: letters, digits and underscores, not starting with a digit). */
const promLabel = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a Prometheus label name');

export const configSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'test', 'production'], { error: 'must be development, test or production' })
      .default('development'),
    PORT: port.default(3000),
    HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
    PUBLIC_URL: url.optional(),
    DATA_DIR: z.string().min(1, 'must not be empty').default('.data'),
    DATABASE_URL: z
      .url({ error: 'must be a postgres:// URL' })
      .refine((value) => /^postgres(ql)?:\/\//.test(value), {
        message: 'must start with postgres:// or postgresql://',
      })
      .optional(),
    EMBEDDED_PG_PORT: port.default(54329),
    OIDC_URL: url.optional(),
    OIDC_REALM: z
      .string()
      .regex(/^[\w-]+$/, 'must be a realm name (letters, digits, - and _)')
      .default('portaal'),
    OIDC_CLIENT_ID: z
      .string()
      .regex(/^[\w.-]+$/, 'must be a client id')
      .default('portaal-web'),
    OIDC_AUDIENCE: z.string().min(1, 'must not be empty').default('portaal-api'),
    ALLOW_DEV_IDP_IN_PRODUCTION: booleanFlag.default(false),
    BRAND_NAME: z
      .string()
      .min(1, 'must not be empty')
      .max(60, 'must be at most 60 characters')
      .default('Portaal'),
    PROVIDER_ROLE_PREFIX: z
      .string()
      .regex(/^[a-z][a-z0-9]*$/, 'must be lower-case letters and digits')
      .default('provider'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be a pino log level',
      })
      .default('info'),
    RATE_LIMIT_MAX: z.coerce
      .number({ error: 'must be a number' })
      .int()
      .min(1, 'must be at least 1')
      .default(1200),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Signs paging cursors; without it a random secret is kept in the database (app_secrets). */
    CURSOR_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    WEB_DIST: z.string().optional(),
    /** smtp://user:pass@host:port or smtps://…; without it mail stays in the outbox table. */
    SMTP_URL: z
      .url({ error: 'must be an smtp:// or smtps:// URL' })
      .refine((value) => /^smtps?:\/\//.test(value), { message: 'must start with smtp:// or smtps://' })
      .optional(),
    MAIL_FROM: z
      .string()
      .min(3, 'must be an e-mail address or "Name <address>"')
      .max(200, 'must be at most 200 characters')
      .default('Portaal <noreply@portaal.localhost>'),
    /** Shown when a user files an urgent request (SPEC.md §9). */
    SERVICE_DESK_PHONE: z
      .string()
      .regex(/^\+?[\d ()-]{6,30}$/, 'must be a phone number')
      .default('+31 20 123 4567'),
    /**
     * Response targets of the service desk in minutes for priorities 1, 2 and 3 (High, Normal, Low):
     * how long after the customer wrote an answer is due before the ticket counts as overdue.
     */
    TICKET_RESPONSE_TARGETS: z
      .string()
      .regex(/^\d{1,6},\d{1,6},\d{1,6}$/, 'must be three whole numbers of minutes, e.g. 60,240,1440')
      .default('60,240,1440')
      .transform((value) => {
        const [high = 60, normal = 240, low = 1440] = value.split(',').map(Number);
        return { 1: high, 2: normal, 3: low } as const;
      })
      .refine((targets) => Object.values(targets).every((minutes) => minutes > 0), 'must all be more than 0'),
    ATTACHMENT_EXTENSIONS: z
      .string()
      .regex(/^[a-z0-9]{1,10}(,[a-z0-9]{1,10})*$/, 'must be a comma-separated list of lower-case extensions')
      .default('pdf,png,jpg,jpeg,txt,log,csv,zip')
      .transform((value) => value.split(',')),
    ATTACHMENT_MAX_FILES: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be between 1 and 20')
      .max(20, 'must be between 1 and 20')
      .default(5),
    ATTACHMENT_MAX_TOTAL_MB: z.coerce
      .number({ error: 'must be a number' })
      .positive('must be more than 0')
      .max(100, 'must be at most 100')
      .default(20),
    /** Seconds before a mail job that stopped reporting is given to another worker. */
    MAIL_JOB_EXPIRE_SECONDS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(3600, 'must be at most 3600')
      .default(60),
    /**
     * Which addresses chat webhooks may reach (DESIGN.md §8): `public` (https to public addresses only),
     * `loopback` (also http and the loopback interface: tests, the e2e run), `any` (also private and
     * link-local networks: a closed network with an internal chat server).
     */
    CHAT_WEBHOOK_TARGETS: z
      .enum(['public', 'loopback', 'any'], { error: 'must be public, loopback or any' })
      .default('public'),
    /** Where trend metrics come from (DESIGN.md §8): the database (seeded demo series) or Prometheus. */
    METRICS_SOURCE: z
      .enum(['database', 'prometheus'], { error: 'must be database or prometheus' })
      .default('database'),
    PROMETHEUS_URL: url.optional(),
    /** The label whose value is a server's name as the landscape has it. */
    PROMETHEUS_SERVER_LABEL: promLabel.default('instance'),
    /** The label matched against a customer's prometheus_tenant link, when it has one. */
    PROMETHEUS_TENANT_LABEL: promLabel.default('tenant'),
    PROMETHEUS_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(100, 'must be between 100 and 120000')
      .max(120_000, 'must be between 100 and 120000')
      .default(10_000),
    /** NetBox (REST API v4) as the landscape source; without it the landscape comes from the database. */
    NETBOX_URL: url.optional(),
    NETBOX_TOKEN: z.string().min(8, 'must be at least 8 characters').optional(),
    /**
     * Keycloak's Admin REST API (DESIGN.md §8): a confidential client whose service account holds
     * realm-management's manage-users. Without it (and with OIDC_URL) logins cannot be managed here.
     */
    KEYCLOAK_ADMIN_CLIENT_ID: z
      .string()
      .regex(/^[\w.-]+$/, 'must be a client id')
      .optional(),
    KEYCLOAK_ADMIN_CLIENT_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
    KEYCLOAK_ADMIN_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(100, 'must be between 100 and 60000')
      .max(60_000, 'must be between 100 and 60000')
      .default(5000),
    /** PostHog project API key; analytics run only with both POSTHOG_KEY and POSTHOG_HOST (SPEC.md §4). */
    POSTHOG_KEY: z
      .string()
      .regex(/^[\w-]{8,200}$/, 'must be a PostHog project API key (letters, digits, - and _)')
      .optional(),
    /** PostHog API host, e.g. https://eu.i.posthog.com or a reverse proxy in front of it. */
    POSTHOG_HOST: url
      .refine((value) => !/[?#]/.test(value), { message: 'must not have a query or fragment' })
      .optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.POSTHOG_KEY === undefined) !== (value.POSTHOG_HOST === undefined)) {
      const missing = value.POSTHOG_KEY === undefined ? 'POSTHOG_KEY' : 'POSTHOG_HOST';
      const given = value.POSTHOG_KEY === undefined ? 'POSTHOG_HOST' : 'POSTHOG_KEY';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: `is required with ${given}: analytics need both (set neither to turn them off)`,
      });
    }
    if (value.POSTHOG_HOST?.startsWith('http://') && value.PUBLIC_URL?.startsWith('https://')) {
      ctx.addIssue({
        code: 'custom',
        path: ['POSTHOG_HOST'],
        message: 'must start with https:// when PUBLIC_URL does (browsers block mixed content)',
      });
    }
    if (value.METRICS_SOURCE === 'prometheus' && value.PROMETHEUS_URL === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['PROMETHEUS_URL'],
        message: 'is required with METRICS_SOURCE=prometheus',
      });
    }
    if (value.NETBOX_URL !== undefined && value.NETBOX_TOKEN === undefined) {
      ctx.addIssue({ code: 'custom', path: ['NETBOX_TOKEN'], message: 'is required with NETBOX_URL' });
    }
    if (
      (value.KEYCLOAK_ADMIN_CLIENT_ID === undefined) !==
      (value.KEYCLOAK_ADMIN_CLIENT_SECRET === undefined)
    ) {
      const missing =
        value.KEYCLOAK_ADMIN_CLIENT_ID === undefined
          ? 'KEYCLOAK_ADMIN_CLIENT_ID'
          : 'KEYCLOAK_ADMIN_CLIENT_SECRET';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'is required with the other KEYCLOAK_ADMIN_ variable',
      });
    }
    if (value.KEYCLOAK_ADMIN_CLIENT_ID !== undefined && value.OIDC_URL === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['KEYCLOAK_ADMIN_CLIENT_ID'],
        message: 'needs OIDC_URL (the dev IdP manages its logins itself)',
      });
    }
    if (
      value.OIDC_URL === undefined &&
      value.NODE_ENV === 'production' &&
      !value.ALLOW_DEV_IDP_IN_PRODUCTION
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_URL'],
        message:
          'is required with NODE_ENV=production: the embedded dev IdP is for development and demos (set ALLOW_DEV_IDP_IN_PRODUCTION=true to run it anyway)',
      });
    }
  });

export type Config = z.infer<typeof configSchema> & {
  publicUrl: string;
  issuer: string;
  embeddedIdp: boolean;
  dataDir: string;
  /** PostHog, when both POSTHOG_KEY and POSTHOG_HOST are set; the host without a trailing slash. */
  analytics: { key: string; host: string } | undefined;
};

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value stops start-up with one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join('.') || 'environment';
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}`);
  }
  const value = result.data;
  const publicUrl = (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/+$/, '');
  const idpBase = (value.OIDC_URL ?? publicUrl).replace(/\/+$/, '');
  return {
    ...value,
    publicUrl,
    issuer: `${idpBase}/realms/${value.OIDC_REALM}`,
    embeddedIdp: value.OIDC_URL === undefined,
    dataDir: path.resolve(cwd, value.DATA_DIR),
    analytics:
      value.POSTHOG_KEY && value.POSTHOG_HOST
        ? { key: value.POSTHOG_KEY, host: value.POSTHOG_HOST.replace(/\/+$/, '') }
        : undefined,
  };
}

/** Loads an optional .env file from the working directory (Node's own parser). */
export function loadEnvFile(cwd = process.cwd()): void {
  const file = path.join(cwd, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

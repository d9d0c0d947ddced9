import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type pg from 'pg';
import { AppError } from '../lib/app-error.ts';
import { type Hit, postgresRateLimitBudget } from './rate-limit-store.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route is never rate limited (probes of a load balancer). */
    rateLimit?: false;
  }
}

/** The rate limit's window: RATE_LIMIT_MAX calls a minute. */
const WINDOW_MS = 60_000;

export interface SecurityOptions {
  /** Origins the browser app talks to besides itself: the IdP, an analytics host. */
  connectOrigins: string[];
  /**
   * The configured analytics host's origin: the browser sends events and reads feature flags there
   * (connect-src only; the web app's PostHog build never loads scripts from it, so script-src stays 'self').
   */
  analyticsOrigin?: string | undefined;
  rateLimitMax: number;
  /** Where the rate-limit counters live, shared by every API process. */
  pool: pg.Pool;
}

/**
 * API calls are counted per signed-in user, and per address only for anonymous calls (many users
 * share one office address). The app's own files and pages are never limited: a throttled page would
 * turn into JSON, and the IdP's sign-in has its own throttle.
 */
function rateLimitKey(request: FastifyRequest): string {
  return request.principal ? `user:${request.principal.sub}` : `address:${request.ip}`;
}

function exemptFromRateLimit(request: FastifyRequest): boolean {
  // Unknown routes answer 404 from the router without work to protect.
  if (request.is404 || request.routeOptions.config.rateLimit === false) return true;
  const url = request.routeOptions.url ?? request.url;
  return !url.startsWith('/api/') || url === '/api/openapi.json' || url.startsWith('/api/docs');
}

/** The rate-limit headers on every counted answer; past the limit a 429 problem with Retry-After. */
function answerHit(reply: FastifyReply, max: number, { current, ttl }: Hit, done: HookHandlerDoneFunction) {
  const reset = Math.ceil(ttl / 1000);
  reply.header('x-ratelimit-limit', max);
  reply.header('x-ratelimit-remaining', Math.max(0, max - current));
  reply.header('x-ratelimit-reset', reset);
  if (current <= max) {
    done();
    return;
  }
  reply.header('retry-after', reset);
  done(new AppError('RATE_LIMITED', 429, `Too many requests; try again in ${reset} s.`));
}

/** API answers (JSON, problems, downloads), not the reference page under /api/docs, which is a page. */
function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/**
 * The headers helmet sets for these options, worked out once at start. (@fastify/helmet built a new
 * helmet per request, parsing the CSP each time: 3.6 % of the API's CPU in the bench's profile.)
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Security headers (CSP without inline script), no-store on API answers, and rate limiting. */
export const securityPlugin = fp<SecurityOptions>(
  async (app: FastifyInstance, { connectOrigins, analyticsOrigin, rateLimitMax, pool }) => {
    const headers = securityHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...connectOrigins, ...(analyticsOrigin ? [analyticsOrigin] : [])],
          frameSrc: ["'self'", ...connectOrigins],
          formAction: ["'self'", ...connectOrigins],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
        },
      },
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    // On every answer, errors and not-found included. The API's JSON answers are never documents: they
    // carry what still matters for a response a browser might open or embed (nothing may load or run in
    // it, no framing, no sniffing, HTTPS only, same-origin reads), not helmet's whole set for pages,
    // which made their headers four times as long.
    const apiHeaders = Object.entries({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'strict-transport-security': headers['Strict-Transport-Security'] ?? '',
      'x-content-type-options': 'nosniff',
      'referrer-policy': headers['Referrer-Policy'] ?? '',
      'cross-origin-resource-policy': 'same-origin',
    });
    const pageHeaders = Object.entries(headers);
    app.addHook('onRequest', (request, reply, done) => {
      for (const [name, value] of isApiAnswer(request.url) ? apiHeaders : pageHeaders)
        reply.header(name, value);
      done();
    });

    app.addHook('onSend', (_request, reply, payload, done) => {
      if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
      done(null, payload);
    });

    // After authentication (onRequest) and the access check, before validation: the caller is known,
    // and bad input counts. A callback hook that answers at once while the process holds hits of the
    // key (measured against the @fastify/rate-limit plugin in decision 0032).
    const budget = postgresRateLimitBudget(pool);
    app.addHook('preValidation', (request, reply, done) => {
      if (exemptFromRateLimit(request)) {
        done();
        return;
      }
      const counted = budget.hit(rateLimitKey(request), WINDOW_MS, rateLimitMax);
      if (counted instanceof Promise) counted.then((hit) => answerHit(reply, rateLimitMax, hit, done), done);
      else answerHit(reply, rateLimitMax, counted, done);
    });
  },
);

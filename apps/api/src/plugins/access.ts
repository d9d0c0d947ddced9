import { customerIdSchema, hasRights } from '@portaal/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, notFound } from '../lib/app-error.ts';

export interface AccessOptions {
  customerExists(customerId: number): Promise<boolean>;
}

export interface RegisteredRoute {
  method: string | string[];
  url: string;
  hasSchema: boolean;
  access: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
}

/** The refusal log's stand-in on the first check (see below). */
const quiet = () => {};

/**
 * Enforces each route's declared access before input validation, so a caller without rights learns
 * nothing from validation messages: unknown customer 404, missing rights 403, then bad input 400.
 * Also records every route so a test can prove that none is without schema and access.
 */
export const accessPlugin = fp<AccessOptions>(async (app: FastifyInstance, options) => {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    routes.push({
      method: route.method,
      url: route.url,
      hasSchema: route.schema !== undefined && route.schema !== null,
      access: route.config?.access,
    });
  });

  app.addHook('preValidation', async (request) => {
    // The not-found handler has no route options; it answers 404 itself.
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    if (access === undefined) throw new AppError('FORBIDDEN', 403, 'This route declares no access.');
    if (access === 'public' || access === 'login') return;
    const { rights: requirement, customerParam = 'customer_id' } = access;
    let customerId: number | undefined;
    if (requirement.customer) {
      const raw = (request.params as Record<string, unknown>)[customerParam];
      const parsed = customerIdSchema.safeParse(raw);
      // A malformed id is left to schema validation, which names the parameter.
      if (!parsed.success) return;
      customerId = parsed.data;
      if (!(await options.customerExists(customerId))) {
        throw notFound('CUSTOMER_NOT_FOUND', `Customer ${customerId} does not exist.`);
      }
    }
    const rights = await request.rights();
    if (hasRights(rights, requirement, customerId, quiet)) return;
    // Asked again only to say why: no logging closure is made for the calls that pass.
    hasRights(rights, requirement, customerId, (message) =>
      request.log.warn({ message, url: request.url }, 'rights check refused'),
    );
    throw forbidden();
  });
});

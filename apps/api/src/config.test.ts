import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const failure = (env: Record<string, string>) => {
  try {
    loadConfig(env, '/tmp');
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
};

describe('configuration', () => {
  it('has embedded defaults', () => {
    const config = loadConfig({}, '/srv/portaal');
    expect(config.PORT).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.issuer).toBe('http://localhost:3000/realms/portaal');
    expect(config.embeddedIdp).toBe(true);
    expect(config.dataDir).toBe('/srv/portaal/.data');
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('uses Keycloak and an external database when configured', () => {
    const config = loadConfig({
      OIDC_URL: 'https://sso.example.com/',
      OIDC_REALM: 'customers',
      DATABASE_URL: 'postgres://portaal@db.example.com/portaal',
    });
    expect(config.issuer).toBe('https://sso.example.com/realms/customers');
    expect(config.embeddedIdp).toBe(false);
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a port number'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be between 0 and 65535'],
    [
      { DATABASE_URL: 'mysql://x@y/z' },
      'Invalid configuration: DATABASE_URL must start with postgres:// or postgresql://',
    ],
    [{ OIDC_URL: 'not a url' }, 'Invalid configuration: OIDC_URL must be an absolute URL'],
    [{ NODE_ENV: 'staging' }, 'Invalid configuration: NODE_ENV must be development, test or production'],
    [{ LOG_LEVEL: 'loud' }, 'Invalid configuration: LOG_LEVEL must be a pino log level'],
    [
      { ALLOW_DEV_IDP_IN_PRODUCTION: 'yes' },
      'Invalid configuration: ALLOW_DEV_IDP_IN_PRODUCTION must be true or false',
    ],
    [{ METRICS_SOURCE: 'graphite' }, 'Invalid configuration: METRICS_SOURCE must be database or prometheus'],
    [
      { METRICS_SOURCE: 'prometheus' },
      'Invalid configuration: PROMETHEUS_URL is required with METRICS_SOURCE=prometheus',
    ],
    [
      { PROMETHEUS_URL: 'prometheus:9090' },
      'Invalid configuration: PROMETHEUS_URL must start with http:// or https://',
    ],
    [
      { PROMETHEUS_SERVER_LABEL: 'host-name' },
      'Invalid configuration: PROMETHEUS_SERVER_LABEL must be a Prometheus label name',
    ],
    [
      { PROMETHEUS_TIMEOUT_MS: '5' },
      'Invalid configuration: PROMETHEUS_TIMEOUT_MS must be between 100 and 120000',
    ],
  ])('refuses %j with one line naming the variable', (env, message) => {
    const text = failure(env);
    expect(text).toBe(message);
    expect(text.split('\n')).toHaveLength(1);
  });

  it('reads trend metrics from the database unless Prometheus is configured', () => {
    expect(loadConfig({}).METRICS_SOURCE).toBe('database');
    const config = loadConfig({
      METRICS_SOURCE: 'prometheus',
      PROMETHEUS_URL: 'http://prometheus.internal:9090',
      PROMETHEUS_SERVER_LABEL: 'nodename',
    });
    expect(config.PROMETHEUS_URL).toBe('http://prometheus.internal:9090');
    expect(config.PROMETHEUS_SERVER_LABEL).toBe('nodename');
    expect(config.PROMETHEUS_TENANT_LABEL).toBe('tenant');
  });

  it('refuses the dev IdP in production unless explicitly allowed', () => {
    expect(failure({ NODE_ENV: 'production' })).toMatch(
      /^Invalid configuration: OIDC_URL is required with NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_DEV_IDP_IN_PRODUCTION: 'true' }).embeddedIdp).toBe(
      true,
    );
  });

  it('turns analytics on with both POSTHOG_KEY and POSTHOG_HOST, and off with neither', () => {
    expect(loadConfig({}).analytics).toBeUndefined();
    const config = loadConfig({
      POSTHOG_KEY: 'phc_abcdefgh12345678',
      POSTHOG_HOST: 'https://eu.i.posthog.com/',
    });
    expect(config.analytics).toEqual({ key: 'phc_abcdefgh12345678', host: 'https://eu.i.posthog.com' });
  });

  it.each([
    [
      { POSTHOG_KEY: 'phc_abcdefgh12345678' },
      'Invalid configuration: POSTHOG_HOST is required with POSTHOG_KEY: analytics need both (set neither to turn them off)',
    ],
    [
      { POSTHOG_HOST: 'https://eu.i.posthog.com' },
      'Invalid configuration: POSTHOG_KEY is required with POSTHOG_HOST: analytics need both (set neither to turn them off)',
    ],
    [
      { POSTHOG_KEY: 'phc key with spaces', POSTHOG_HOST: 'https://eu.i.posthog.com' },
      'Invalid configuration: POSTHOG_KEY must be a PostHog project API key (letters, digits, - and _)',
    ],
    [
      { POSTHOG_KEY: 'phc_abcdefgh12345678', POSTHOG_HOST: 'eu.i.posthog.com' },
      'Invalid configuration: POSTHOG_HOST must be an absolute URL',
    ],
    [
      { POSTHOG_KEY: 'phc_abcdefgh12345678', POSTHOG_HOST: 'ftp://eu.i.posthog.com' },
      'Invalid configuration: POSTHOG_HOST must start with http:// or https://',
    ],
    [
      { POSTHOG_KEY: 'phc_abcdefgh12345678', POSTHOG_HOST: 'https://eu.i.posthog.com/?x=1' },
      'Invalid configuration: POSTHOG_HOST must not have a query or fragment',
    ],
    [
      {
        PUBLIC_URL: 'https://portal.example.com',
        POSTHOG_KEY: 'phc_abcdefgh12345678',
        POSTHOG_HOST: 'http://posthog.example.com',
      },
      'Invalid configuration: POSTHOG_HOST must start with https:// when PUBLIC_URL does (browsers block mixed content)',
    ],
  ])('refuses analytics settings %j with one line', (env, message) => {
    expect(failure(env)).toBe(message);
  });
});

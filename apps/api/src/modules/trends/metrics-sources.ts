import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { demoServerIds, withDemoSeries } from './demo-series.ts';
import type { MetricsSource } from './metrics-source.ts';
import { createPrometheusMetrics } from './prometheus-metrics.ts';
import { createDatabaseMetrics } from './trends.repo.ts';

/**
 * Prometheus with METRICS_SOURCE=prometheus, else the portal database (DESIGN.md §8). With the
 * database landscape, the demo customers' servers get the computed demo series (demo-series.ts) when
 * the database holds the demo seed.
 */
export function createMetricsSource(
  config: Pick<
    Config,
    | 'METRICS_SOURCE'
    | 'PROMETHEUS_URL'
    | 'PROMETHEUS_SERVER_LABEL'
    | 'PROMETHEUS_TENANT_LABEL'
    | 'PROMETHEUS_TIMEOUT_MS'
    | 'NETBOX_URL'
    | 'NETBOX_TOKEN'
  >,
  db: Database,
): MetricsSource {
  if (config.METRICS_SOURCE === 'prometheus' && config.PROMETHEUS_URL) {
    return createPrometheusMetrics({
      url: config.PROMETHEUS_URL,
      serverLabel: config.PROMETHEUS_SERVER_LABEL,
      tenantLabel: config.PROMETHEUS_TENANT_LABEL,
      timeoutMs: config.PROMETHEUS_TIMEOUT_MS,
    });
  }
  const stored = createDatabaseMetrics(db);
  if (config.NETBOX_URL && config.NETBOX_TOKEN) return stored;
  return withDemoSeries(stored, demoServerIds(db));
}

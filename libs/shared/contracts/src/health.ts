export type ComponentState = 'up' | 'down';

export interface HealthComponent {
  status: ComponentState;
  latencyMs?: number;
  detail?: string;
}

export interface HealthResponse {
  status: 'ok' | 'unavailable';
  /** Names of the parts that are down, e.g. `["redis", "worker"]`. */
  down: string[];
  checks: {
    database: HealthComponent;
    redis: HealthComponent;
    worker: HealthComponent & { workers?: number };
  };
  version: string;
  uptimeSeconds: number;
}

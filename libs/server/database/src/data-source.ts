import { DataSource, type DataSourceOptions } from 'typeorm';
import { entities } from './entities';
import { migrations } from './migrations';

export interface ConnectionTuning {
  /**
   * Parallel workers a query may start (Postgres' `max_parallel_workers_per_gather`); the server's own
   * setting when not given.
   */
  parallelWorkers?: number;
}

/**
 * The API's sessions: requests from many users at once, each a small query. A query that fans out into
 * parallel workers answers one user sooner on an idle server, but on a busy one the workers' start and
 * hand-over are CPU taken from the other requests.
 */
export const API_CONNECTIONS: ConnectionTuning = { parallelWorkers: 0 };

export function dataSourceOptions(url: string, tuning: ConnectionTuning = {}): DataSourceOptions {
  const options =
    tuning.parallelWorkers === undefined
      ? {}
      : { options: `-c max_parallel_workers_per_gather=${tuning.parallelWorkers}` };
  return {
    type: 'postgres',
    url,
    entities,
    migrations,
    synchronize: false,
    migrationsRun: false,
    migrationsTableName: 'schema_migrations',
    extra: { max: 20, connectionTimeoutMillis: 5000, ...options },
  };
}

export function createDataSource(url: string): DataSource {
  return new DataSource(dataSourceOptions(url));
}

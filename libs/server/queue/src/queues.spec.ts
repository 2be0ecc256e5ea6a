import { queuePrefix, redisNamespace, workerHeartbeatPrefix } from './queues';

describe('Redis namespaces', () => {
  it('keys queues and heartbeats by the database name', () => {
    expect(redisNamespace({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/pondesk' })).toBe(
      'pondesk:pondesk',
    );
    expect(queuePrefix({ DATABASE_URL: 'postgres://u:p@db:5432/isp_a' })).toBe('pondesk:isp_a:bull');
    expect(workerHeartbeatPrefix({ DATABASE_URL: 'postgres://db/isp_b' })).toBe(
      'pondesk:isp_b:worker:heartbeat:',
    );
  });

  it('keeps two installations on one Redis apart', () => {
    expect(queuePrefix({ DATABASE_URL: 'postgres://db/a' })).not.toBe(
      queuePrefix({ DATABASE_URL: 'postgres://db/b' }),
    );
  });

  it('takes REDIS_NAMESPACE over the database name', () => {
    const settings = { DATABASE_URL: 'postgres://db/shared', REDIS_NAMESPACE: 'pondesk:run-7' };
    expect(queuePrefix(settings)).toBe('pondesk:run-7:bull');
    expect(workerHeartbeatPrefix(settings)).toBe('pondesk:run-7:worker:heartbeat:');
  });
});

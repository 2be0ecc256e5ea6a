import { queuePrefix, redisNamespace, workerHeartbeatPrefix } from './queues';

describe('Redis namespaces', () => {
  it('keys queues and heartbeats by the database name', () => {
    expect(redisNamespace('postgres://postgres@127.0.0.1:5432/pondesk')).toBe('pondesk:pondesk');
    expect(queuePrefix('postgres://u:p@db:5432/isp_a')).toBe('pondesk:isp_a:bull');
    expect(workerHeartbeatPrefix('postgres://db/isp_b')).toBe('pondesk:isp_b:worker:heartbeat:');
  });

  it('keeps two installations on one Redis apart', () => {
    expect(queuePrefix('postgres://db/a')).not.toBe(queuePrefix('postgres://db/b'));
  });
});

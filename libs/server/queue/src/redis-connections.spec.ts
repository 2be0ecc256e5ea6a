import { RedisConnections } from './redis-connections';

describe('RedisConnections', () => {
  it('closes every connection it opened at shutdown', () => {
    const connections = new RedisConnections('redis://127.0.0.1:6379/2');
    const plain = connections.open({ lazyConnect: true });
    const heartbeat = connections.open({ lazyConnect: true, enableOfflineQueue: false });
    expect(plain.options.db).toBe(2);
    expect(heartbeat.options.enableOfflineQueue).toBe(false);
    connections.onApplicationShutdown();
    expect([plain.status, heartbeat.status]).toEqual(['end', 'end']);
  });
});

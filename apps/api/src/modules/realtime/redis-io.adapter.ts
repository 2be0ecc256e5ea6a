import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type Redis from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import type { RedisConnections } from '@pondesk/server-queue';

/**
 * Socket.IO over Redis so API replicas and the worker's emitter reach every browser. Its publish and
 * subscribe connections come from the app's `RedisConnections`, which closes them at shutdown.
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly pub: Redis;
  private readonly sub: Redis;

  constructor(app: INestApplicationContext, connections: RedisConnections) {
    super(app);
    this.pub = connections.open();
    this.sub = connections.open();
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, {
      ...options,
      path: '/socket.io',
      serveClient: false,
    }) as Server;
    server.adapter(createAdapter(this.pub, this.sub));
    return server;
  }
}

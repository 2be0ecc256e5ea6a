import { timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, SecretBox, type AppConfig } from '@pondesk/server-config';
import { randomToken, sha256 as hashOf } from '../../common/crypto/tokens';
import { ExpiringCache } from '../../common/cache/expiring-cache';

/** How long a key's tenant is remembered by this process (a rotation here forgets it at once). */
const CACHE_MS = 5_000;

/** A new ingest key: a prefix saying what it is, then 32 random bytes. */
const newKey = (): string => `pdk_${randomToken(32)}`;

export interface TenantKey {
  key: string;
  createdAt: Date;
}

/**
 * Each tenant's ingest key, which its routers' scripts carry. Stored sealed (the setup screen shows it
 * again) with its SHA-256, by which a posted key finds its tenant; compared in constant time. The first
 * key is the secret the tenant was given at sign-up; a rotation replaces it at once.
 */
@Injectable()
export class IngestKeysService {
  private readonly box: SecretBox;
  private readonly cache = new ExpiringCache<string | null>(10_000, CACHE_MS);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.box = new SecretBox(config.ENCRYPTION_KEY);
  }

  /** The tenant whose key this is; null for any other text. */
  async tenantOf(key: string): Promise<string | null> {
    if (!/^[\w-]{16,128}$/.test(key)) return null;
    const hash = hashOf(key);
    const hit = this.cache.get(hash);
    if (hit !== undefined) return hit;
    const rows: { tenant_id: string; key_hash: string }[] = await this.db.query(
      `SELECT k.tenant_id, k.key_hash FROM ingest_key k JOIN tenant t ON t.id = k.tenant_id
       WHERE k.key_hash = $1 AND t.status = 'active'`,
      [hash],
    );
    const found = rows[0];
    const tenantId =
      found && timingSafeEqual(Buffer.from(found.key_hash, 'hex'), Buffer.from(hash, 'hex'))
        ? found.tenant_id
        : null;
    this.cache.set(hash, tenantId);
    return tenantId;
  }

  /** The tenant's key, made from its sign-up secret the first time it is asked for. */
  async keyOf(tenantId: string): Promise<TenantKey> {
    const rows: { key_enc: string; created_at: Date }[] = await this.db.query(
      'SELECT key_enc, created_at FROM ingest_key WHERE tenant_id = $1',
      [tenantId],
    );
    if (rows[0]) return { key: this.box.open(rows[0].key_enc), createdAt: rows[0].created_at };
    const [tenant]: { ingest_secret_enc: string }[] = await this.db.query(
      'SELECT ingest_secret_enc FROM tenant WHERE id = $1',
      [tenantId],
    );
    const first = tenant ? `pdk_${this.box.open(tenant.ingest_secret_enc)}` : newKey();
    await this.db.query(
      `INSERT INTO ingest_key (tenant_id, key_enc, key_hash) VALUES ($1, $2, $3) ON CONFLICT (tenant_id) DO NOTHING`,
      [tenantId, this.box.seal(first), hashOf(first)],
    );
    return this.keyOf(tenantId);
  }

  /** A new key for the tenant; the old one is refused from now on. */
  async rotate(tenantId: string): Promise<TenantKey> {
    await this.keyOf(tenantId);
    const old: { key_hash: string }[] = await this.db.query(
      'SELECT key_hash FROM ingest_key WHERE tenant_id = $1',
      [tenantId],
    );
    const key = newKey();
    await this.db.transaction(async (tx) => {
      await tx.query(
        'UPDATE ingest_key SET key_enc = $2, key_hash = $3, created_at = now() WHERE tenant_id = $1',
        [tenantId, this.box.seal(key), hashOf(key)],
      );
      await tx.query('UPDATE tenant SET ingest_secret_enc = $2 WHERE id = $1', [
        tenantId,
        this.box.seal(key.slice(4)),
      ]);
    });
    for (const o of old) this.cache.delete(o.key_hash);
    return this.keyOf(tenantId);
  }
}

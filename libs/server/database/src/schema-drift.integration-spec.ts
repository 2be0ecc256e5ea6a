import { pendingSchemaChanges, migrateDatabase } from './migrate';
import { createDataSource } from './data-source';

describe('schema', () => {
  it('entities and migrations agree (no pending changes after migrating)', async () => {
    const url = process.env.DATABASE_URL!;
    expect(await migrateDatabase(url)).toEqual([]); // global setup already applied them all
    const pending = await pendingSchemaChanges(url);
    expect(pending).toEqual([]);
  });

  it('records every migration as applied', async () => {
    const ds = createDataSource(process.env.DATABASE_URL!);
    await ds.initialize();
    try {
      const rows: { name: string }[] = await ds.query('SELECT name FROM schema_migrations');
      expect(rows.map((r) => r.name).sort()).toEqual(ds.migrations.map((m) => m.name).sort());
    } finally {
      await ds.destroy();
    }
  });
});

import { dropDatabase } from './test-database';

export default async function globalTeardown(): Promise<void> {
  const name = process.env.PONDESK_TEST_DB;
  if (name) await dropDatabase(name);
}

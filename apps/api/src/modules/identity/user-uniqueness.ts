import { QueryFailedError, type EntityManager } from 'typeorm';
import { UserEntity } from '@pondesk/server-database';
import { emailTaken, usernameTaken } from './identity.exception';

/**
 * Usernames and emails are unique across all tenants (sign-in names no tenant). The platform
 * administrator's username is reserved. Checked up front for a clear answer; the unique indexes
 * still decide under concurrency (see `mapUniqueViolation`).
 */
export async function assertIdentityFree(
  m: EntityManager,
  input: { username?: string; email?: string },
  options: { exceptUserId?: string; reservedUsername?: string; usernameField?: string } = {},
): Promise<void> {
  const repo = m.getRepository(UserEntity);
  if (input.username !== undefined) {
    const username = input.username.toLowerCase();
    if (options.reservedUsername && username === options.reservedUsername.toLowerCase())
      throw usernameTaken(options.usernameField);
    const found = await repo.findOne({ where: { username }, select: { id: true } });
    if (found && found.id !== options.exceptUserId) throw usernameTaken(options.usernameField);
  }
  if (input.email !== undefined) {
    const found = await repo.findOne({ where: { email: input.email.toLowerCase() }, select: { id: true } });
    if (found && found.id !== options.exceptUserId) throw emailTaken();
  }
}

/** Turns a unique-index race into the same 409 the up-front check gives. */
export function mapUniqueViolation(error: unknown, usernameField = 'username'): never {
  if (error instanceof QueryFailedError) {
    const constraint = (error.driverError as { constraint?: string } | undefined)?.constraint;
    if (constraint === 'uq_app_user_username') throw usernameTaken(usernameField);
    if (constraint === 'uq_app_user_email') throw emailTaken();
  }
  throw error;
}

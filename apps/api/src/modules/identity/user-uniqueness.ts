import { QueryFailedError, type EntityManager } from 'typeorm';
import { UserEntity } from '@pondesk/server-database';
import { accountTaken, emailTaken, usernameTaken } from './identity.exception';

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

/**
 * Who already holds a username or email, for sign-up: whether the username is taken (or reserved) and the
 * user whose email it is, so the caller can answer neutrally and mail that owner.
 */
export async function identityHolders(
  m: EntityManager,
  input: { username: string; email: string },
  options: { reservedUsername?: string } = {},
): Promise<{ usernameTaken: boolean; emailOwner: Pick<UserEntity, 'id' | 'username' | 'email'> | null }> {
  const repo = m.getRepository(UserEntity);
  const username = input.username.toLowerCase();
  const reserved = !!options.reservedUsername && username === options.reservedUsername.toLowerCase();
  const byName = reserved ? null : await repo.findOne({ where: { username }, select: { id: true } });
  const emailOwner = await repo.findOne({
    where: { email: input.email.toLowerCase() },
    select: { id: true, username: true, email: true },
  });
  return { usernameTaken: reserved || !!byName, emailOwner };
}

/** Sign-up's form of `mapUniqueViolation`: a unique-index race gets the same neutral 409. */
export function mapUniqueViolationNeutrally(error: unknown, fields: string[]): never {
  if (error instanceof QueryFailedError) {
    const constraint = (error.driverError as { constraint?: string } | undefined)?.constraint;
    if (constraint === 'uq_app_user_username' || constraint === 'uq_app_user_email')
      throw accountTaken(fields);
  }
  throw error;
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

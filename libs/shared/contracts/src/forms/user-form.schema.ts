import './zod-jitless';
import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from '../identity/messages';
import { emailText, requiredText } from './field-rules';

export const USER_PRICE_MESSAGE = 'User Price must be a number';

/**
 * The Add New User / Edit User panel (spec 3 §2.1): values as typed, keyed by the request's field
 * names. Only the quick checks run here; the server's rules (length, uniqueness) answer in its 400.
 */
export const userFormSchema = () =>
  z.object({
    username: requiredText(M.usernameRequired),
    email: emailText(),
    password: z.string(),
    contactNumber: z.string(),
    address: z.string(),
    ispName: z.string(),
    roleId: z.string(),
    branchIds: z.array(z.string()),
    userPrice: z.string().refine((s) => !s.trim() || Number.isFinite(Number(s)), USER_PRICE_MESSAGE),
    sendMsg: z.boolean(),
  });
export type UserFormValues = z.input<ReturnType<typeof userFormSchema>>;

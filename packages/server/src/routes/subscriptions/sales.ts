/** Contact sales (Enterprise): the message is validated and stored in the sales outbox. */
import type { Handlers } from '../../contract/types.ts';
import { insertSalesMessage } from '../../db/queries/subscriptions.ts';
import { isValidEmail, MESSAGES as USER_MESSAGES } from '../../domain/accounts/users.ts';
import { validationError } from '../../http/errors.ts';

export const handlers: Handlers = {
  async createSalesMessage(c, { body }) {
    const name = body.name.trim();
    const email = body.email.trim();
    const message = body.message.trim();
    const fields: Record<string, string[]> = {};
    if (!name) fields.name = [USER_MESSAGES.blank];
    if (!email) fields.email = [USER_MESSAGES.blank];
    else if (!isValidEmail(email)) fields.email = [USER_MESSAGES.invalidEmail];
    if (!message) fields.message = [USER_MESSAGES.blank];
    if (Object.keys(fields).length > 0) throw validationError(fields);
    const id = await insertSalesMessage(c.get('deps').sql, {
      name,
      email,
      phone: body.phone?.trim() ?? '',
      company: body.company?.trim() ?? '',
      message,
      userId: null,
    });
    return c.json({ id, received: true as const }, 201);
  },
};

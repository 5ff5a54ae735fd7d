/** The test-only clock setting (see clock.ts): refused unless the server allows it. */
import { clockOf } from '../../clock.ts';
import type { Handlers } from '../../contract/types.ts';
import { forbidden } from '../../http/errors.ts';
import { MESSAGES } from './messages.ts';

export const handlers: Handlers = {
  setTestClock(c, { body }) {
    const clock = clockOf(c.get('deps'));
    if (!clock.adjustable) {
      throw forbidden(MESSAGES.testClockDisabled, {
        fields: { offset_seconds: [MESSAGES.testClockDisabled] },
      });
    }
    clock.setOffset(body.offset_seconds);
    return c.json({ now: clock.now().toISOString(), offset_seconds: clock.offsetSeconds }, 200);
  },
};

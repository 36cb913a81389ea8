import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { adminJoinSchema } from '../domain/forms/admin-join';
import { PASSWORD_CONFIRMATION_MISMATCH } from '../domain/forms/password';
import { adminJoinView } from './admin-join.connect';
import { adminJoinMachine } from './admin-join.machine';

describe('admin join connect', () => {
  it('shows the no-token notice for a link without a token, the form otherwise', () => {
    const without = createActor(adminJoinMachine, { input: { token: '  ' } }).start();
    expect(adminJoinView(without.getSnapshot())).toMatchObject({ noToken: true, alert: null, busy: false });
    const withToken = createActor(adminJoinMachine, { input: { token: 't' } }).start();
    expect(adminJoinView(withToken.getSnapshot())).toMatchObject({ noToken: false, alert: null });
  });

  it("reports a confirmation that doesn't match on the confirmation field", () => {
    const result = adminJoinSchema.safeParse({ name: 'Jo', password: 'Password1!', confirmPassword: 'Password2!' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['confirmPassword', PASSWORD_CONFIRMATION_MISMATCH],
    ]);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { playerCreatedSchema, playerOptionsSchema, positionListSchema } from '../../src/api/player.schemas.ts';
import { userSchema } from '../../src/api/schemas.ts';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import { expectError, expectOk } from '../test/expect-error.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

async function validProfile(token: string) {
  const options = expectOk(await t.call('GET', '/api/player/create', { token }), playerOptionsSchema);
  const positions = expectOk(await t.call('GET', '/api/position', { token }), positionListSchema);
  const baseball = options.sports.find((s) => s.name === 'Baseball')!;
  return {
    options,
    positions,
    body: {
      birthday: '4/9/2012',
      sex: 'f',
      weight: 101.5,
      height: 60,
      position: positions.find((p) => p.sport_id === baseball.id && p.name === 'Catcher')!.id,
      phase: options.phase[0]!.id,
      lifting_experience: options.experience_levels[0]!.id,
      agility_experience: options.experience_levels[1]!.id,
      upper_plyometric_experience: options.experience_levels[2]!.id,
      lower_plyometric_experience: options.experience_levels[3]!.id,
      weight_goal: options.weight_goals[0]!.id,
    },
  };
}

describe('player profile', () => {
  it('lists the options and the positions of every sport', async () => {
    const { options, positions } = await validProfile(await t.tokenFor('samrivera'));
    expect(options.sports.map((s) => s.name)).toEqual(['Baseball', 'Softball']);
    expect(options.experience_levels.map((o) => o.name)).toEqual(['None', 'Beginner', 'Intermediate', 'Advanced']);
    expect(options.phase.map((o) => o.name)).toEqual(['In Season', 'Off Season', 'Pre Season', 'Post Season']);
    expect(options.weight_goals.map((o) => o.name)).toEqual(['Lose Weight', 'Maintain Weight', 'Gain Weight']);
    expect(positions).toHaveLength(11);
  });

  it('creates the profile once; the user then has a player', async () => {
    const token = await t.tokenFor('samrivera');
    const { body } = await validProfile(token);
    const created = expectOk(await t.call('POST', '/api/player', { token, body }), playerCreatedSchema);
    expect(created.id).toEqual(expect.any(Number));
    expect(expectOk(await t.call('GET', '/api/user', { token }), userSchema).player).toEqual({ id: created.id });
    expectError(
      await t.call('POST', '/api/player', { token, body }),
      409,
      'This account already has a player profile.',
    );
  });

  it('lists invalid fields in messages and errors', async () => {
    const token = await t.tokenFor('samrivera');
    const { body } = await validProfile(token);
    const invalid = expectError(
      await t.call('POST', '/api/player', {
        token,
        body: { ...body, birthday: '2/30/2012', position: 99999, weight_goal: 88888 },
      }),
      422,
    );
    expect(invalid.messages).toEqual({
      birthday: ['The birthday is not a valid date.'],
      position: ['The selected position is invalid.'],
      weight_goal: ['The selected weight goal is invalid.'],
    });
    expect(invalid.errors).toEqual(invalid.messages);
    const typed = expectError(
      await t.call('POST', '/api/player', { token, body: { ...body, sex: 'x', height: '60' } }),
      422,
    );
    expect(Object.keys(typed.messages).sort()).toEqual(['height', 'sex']);
    expect(typed.errors).toEqual(typed.messages);
  });

  it('needs a token for every player route', async () => {
    expectError(await t.call('GET', '/api/player/create'), 401);
    expectError(await t.call('GET', '/api/position'), 401);
    expectError(await t.call('POST', '/api/player', { body: {} }), 401);
  });
});

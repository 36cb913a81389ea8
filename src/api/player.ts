/** Player profile calls of §7 (docs/api.md). src/domain/player-profile.ts builds the payload. */
import { type CallOptions, requestJson } from './client';
import {
  type PlayerCreated,
  type PlayerOptions,
  type Position,
  playerCreatedSchema,
  playerOptionsSchema,
  positionListSchema,
} from './player.schemas';
import type { PlayerPayload } from './schemas';

/** POST /api/player → `{ id }`; `id` is null when the answer had none (§8: 'Validation error.'). */
export function createPlayer(body: PlayerPayload, options?: CallOptions): Promise<PlayerCreated> {
  return requestJson('/api/player', playerCreatedSchema, { method: 'post', json: body, auth: 'user', ...options });
}

/** GET /api/player/create → sports, experience levels, season statuses (phase) and weight goals. */
export function getPlayerOptions(options?: CallOptions): Promise<PlayerOptions> {
  return requestJson('/api/player/create', playerOptionsSchema, { auth: 'user', ...options });
}

/** GET /api/position → every position with its sport. */
export function getPositions(options?: CallOptions): Promise<Position[]> {
  return requestJson('/api/position', positionListSchema, { auth: 'user', ...options });
}

/**
 * The player profile calls' wire schemas (§3 player field options, positions; docs/api.md), beside ./player.ts and
 * out of the app shell every page loads: only /player uses them (vite.config.ts APP_SHELL).
 */
import { z } from 'zod/mini';
import { id, orNull } from '../domain/wire';

export const optionSchema = z.object({ id, name: z.string() });
export type Option = z.infer<typeof optionSchema>;

export const playerOptionsSchema = z.object({
  sports: z.array(optionSchema),
  experience_levels: z.array(optionSchema),
  phase: z.array(optionSchema),
  weight_goals: z.array(optionSchema),
});
export type PlayerOptions = z.infer<typeof playerOptionsSchema>;

export const positionSchema = z.object({ id, name: z.string(), sport_id: id });
export type Position = z.infer<typeof positionSchema>;
export const positionListSchema = z.array(positionSchema);

/** POST /api/player: §8 turns a missing id into 'Validation error.', so a missing id parses as null. */
export const playerCreatedSchema = z.object({ id: orNull(id) });
export type PlayerCreated = z.infer<typeof playerCreatedSchema>;

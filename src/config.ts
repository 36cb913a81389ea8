import { type AppConfig, ConfigError, parseConfig } from './config-schema';

function load(): { config: AppConfig; problem: string | null } {
  try {
    return { config: parseConfig(import.meta.env), problem: null };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // main.tsx refuses to start the site when `configProblem` is set; the defaults only keep imports typed.
    return { config: parseConfig({}), problem: error.message };
  }
}

const loaded = load();

/** The validated configuration of this build (spec §9). */
export const config: AppConfig = loaded.config;
/** Why this build's configuration is invalid, naming the variable; null when it is valid. */
export const configProblem: string | null = loaded.problem;
export type { AppConfig };

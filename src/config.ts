import type { AppConfig } from './config-schema';

/**
 * The site's configuration (spec §9). vite.config.ts validates the VITE_* variables with src/config-schema.ts when
 * it builds or serves the site (an invalid value stops it there, naming the variable) and compiles the result in as
 * this constant, so the browser neither ships the schema nor parses it again. vitest.config.ts defines it the same way.
 */
declare const __SITE_CONFIG__: AppConfig;

/** The validated configuration of this build (spec §9). */
export const config: AppConfig = __SITE_CONFIG__;
export type { AppConfig };

/**
 * The year of the footer's copyright line, read once when the site loads (as the prerendered frame's is when it is
 * built), so no view reads the clock.
 */
export const copyrightYear: number = new Date().getFullYear();

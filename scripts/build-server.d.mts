/** Types of scripts/build-server.mjs (plain JavaScript: `npm start` runs it before anything is compiled). */
export declare const ROOT_DIR: string;
export declare const OUT_DIR: string;
export declare const ENTRY: string;
export declare function staleReason(rootDir?: string): string | null;
export declare function buildServer(rootDir?: string): Promise<{ inputs: number }>;

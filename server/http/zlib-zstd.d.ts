/**
 * Node's zstd (node:zlib, added in Node 22.15 and 23.8; production runs Node 24) as far as compression.ts uses it.
 * The project's @types/node is Node 20's, the oldest Node the tests run on, which has no zstd: these exports may be
 * missing at run time, so they are declared possibly undefined and compression.ts checks them before use, reading them
 * from the module's namespace (`zlib.zstdCompressSync`): a named import of an export Node 20 lacks fails the whole
 * module's loading there (ESM links names before any code runs).
 */
import 'node:zlib';

declare module 'node:zlib' {
  interface ZstdOptions {
    params?: Record<number, number>;
    pledgedSrcSize?: number;
  }
  type ZstdCallback = (error: Error | null, result: Buffer<ArrayBuffer>) => void;
  export const zstdCompressSync: ((buffer: Uint8Array, options?: ZstdOptions) => Buffer<ArrayBuffer>) | undefined;
  export const zstdCompress: ((buffer: Uint8Array, options: ZstdOptions, callback: ZstdCallback) => void) | undefined;
  export const zstdDecompressSync: ((buffer: Uint8Array) => Buffer<ArrayBuffer>) | undefined;
}

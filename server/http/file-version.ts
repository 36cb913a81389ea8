import { stat } from 'node:fs/promises';

/**
 * A build output's version (its size and modification time), so a long-running server notices a rebuild without
 * reading the file on every request; null while the file does not exist (a site being built).
 */
export async function fileVersion(file: string): Promise<string | null> {
  try {
    const info = await stat(file);
    return `${info.size}-${info.mtimeMs}`;
  } catch {
    return null;
  }
}

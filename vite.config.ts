import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { ConfigError, parseConfig } from './src/config-schema.ts';

// The API server `npm run dev` proxies to (scripts/dev.ts starts it on this port).
const apiTarget = process.env.DEV_API_TARGET ?? 'http://127.0.0.1:5174';

export default defineConfig(({ mode }) => {
  // Validate the site's configuration before anything is built or served: a bad value stops start-up here,
  // naming the variable, instead of shipping a broken page.
  try {
    parseConfig({ ...loadEnv(mode, process.cwd(), 'VITE_'), ...pickVite(process.env) });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  return {
    plugins: [react()],
    build: {
      target: 'es2022',
      sourcemap: true,
      // elkjs (the /flows page only, loaded lazily) is one 1.4 MB chunk; every other chunk stays far below this.
      chunkSizeWarningLimit: 1600,
    },
    server: {
      port: Number(process.env.PORT ?? 5173),
      strictPort: true,
      proxy: {
        '/api': apiTarget,
        '/nova-field': apiTarget,
        '/sandbox': apiTarget,
        '/dev': apiTarget,
        '/static': apiTarget,
        '/app': { target: apiTarget, ws: true },
      },
    },
  };
});

function pickVite(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([k, v]) => k.startsWith('VITE_') && v !== undefined)) as Record<
    string,
    string
  >;
}

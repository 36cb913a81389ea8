/**
 * `npm run dev`: the API server on port 5174 (no site build: SERVE_SITE=false) and Vite with hot reload on 5173,
 * proxying /api, /nova-field, /sandbox, /dev and the realtime socket to the server (vite.config.ts).
 */
import { spawn } from 'node:child_process';

const apiPort = process.env.DEV_API_PORT ?? '5174';
const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], {
    stdio: 'inherit',
    // E-mailed links point at the site Vite serves, not at the API port.
    env: {
      ...process.env,
      PORT: apiPort,
      SERVE_SITE: 'false',
      PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${process.env.PORT ?? 5173}`,
    },
  }),
  spawn('npx', ['vite'], {
    stdio: 'inherit',
    env: { ...process.env, DEV_API_TARGET: `http://127.0.0.1:${apiPort}` },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });

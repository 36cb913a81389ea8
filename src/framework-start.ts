/**
 * What src/main.tsx imports first after the first paint: it only evaluates React DOM, in a task of its own. It lives
 * in the framework chunk (vite.config.ts), so that import costs no interop code and a one-line file, where importing
 * `react-dom/client` itself made the bundler write a module for its CommonJS exports.
 */
import 'react-dom/client';

import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
const cpu = () => { const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number); return (f[0] + f[1] + f[2] + f[5] + f[6]) / 100; };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...(process.env.EXTRA ? process.env.EXTRA.split(' ') : [])] });
const base = 'http://localhost:5599';
const N = 8;
async function load(page, path) { await page.goto(base + path); await page.getByRole('heading', { level: 1 }).first().waitFor(); await page.waitForLoadState('networkidle'); }
const path = process.argv[2] ?? '/login';
for (const mode of ['fresh', 'reuse', 'newpage', 'fresh', 'reuse', 'newpage']) {
  const c0 = cpu(); const t0 = Date.now();
  if (mode === 'fresh') {
    for (let i = 0; i < N; i++) { const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } }); const page = await ctx.newPage(); await load(page, path); await ctx.close(); }
  } else if (mode === 'newpage') {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const keeper = await ctx.newPage(); await keeper.goto(base + '/api/health');
    for (let i = 0; i < N; i++) { await ctx.clearCookies(); const page = await ctx.newPage(); await load(page, path); await page.evaluate(() => { localStorage.clear(); }); await page.close(); }
    await ctx.close();
  } else {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } }); const page = await ctx.newPage();
    for (let i = 0; i < N; i++) { await ctx.clearCookies(); await page.goto(base + '/api/health'); await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); }); await load(page, path); }
    await ctx.close();
  }
  console.log(mode, path, 'CPU-s per load', ((cpu() - c0) / N).toFixed(2), 'wall ms', ((Date.now() - t0) / N).toFixed(0));
}
await browser.close();

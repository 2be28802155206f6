import { chromium } from '@playwright/test';
const url = process.argv[2];
const [w, h] = (process.argv[3] ?? '1350x940').split('x').map(Number);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: w, height: h } });
await page.addInitScript(() => {
  window.__shifts = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__shifts.push({ value: e.value, t: Math.round(e.startTime), sources: (e.sources || []).map((s) => ({ node: s.node ? (s.node.nodeName + '.' + (s.node.className?.baseVal ?? s.node.className ?? '')).slice(0, 90) + ' ' + (s.node.textContent || '').slice(0, 40) : null, prev: [s.previousRect.y, s.previousRect.height], cur: [s.currentRect.y, s.currentRect.height] })) }); }).observe({ type: 'layout-shift', buffered: true });
});
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(1500);
const shifts = await page.evaluate(() => window.__shifts);
const cards = await page.evaluate(() => [...document.querySelectorAll('ul[aria-label] > li')].slice(0, 4).map((li) => Math.round(li.getBoundingClientRect().height)));
console.log('total CLS', shifts.reduce((a, s) => a + s.value, 0).toFixed(3), 'card heights', cards);
for (const s of shifts) console.log(JSON.stringify(s).slice(0, 700));
await browser.close();

// The explorer page in a real browser (Debian's chromium, headless, driven by
// puppeteer-core): it opens on a shared link, shows the verdict and every move with
// its value as the JSON API gives them, takes a FEN typed in, plays the best move when
// its row is clicked (the board and the values follow), shows qoth's blockers and
// target, and sets up a deal. Saves a screenshot.
//
// Usage: node explorer_test.mjs HILLTB TABLES NODE_MODULES CHROMIUM SCREENSHOT
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { createRequire } from 'node:module';
import path from 'node:path';

const [hilltb, tables, nodeModules, chromium, screenshot] = process.argv.slice(2);
const require = createRequire(path.resolve(nodeModules, 'x.js'));
const puppeteer = require('puppeteer-core');

let failed = 0;
function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'}  ${what}`);
  if (!ok) failed += 1;
}

// The server on a free loopback port.
const server = spawn(hilltb, ['serve', '--tables', tables, '--port', '0', '--node-modules', nodeModules],
  { stdio: ['ignore', 'pipe', 'inherit'] });
const port = await new Promise((resolve, reject) => {
  createInterface({ input: server.stdout }).once('line', (line) => {
    const m = line.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
    if (m) resolve(Number(m[1])); else reject(new Error(`no port in ${line}`));
  });
  server.once('exit', (code) => reject(new Error(`the server exited: ${code}`)));
});
const base = `http://127.0.0.1:${port}`;
const api = async (p, params) => (await fetch(`${base}${p}?${new URLSearchParams(params)}`)).json();

// What a FEN puts on the board, as chessground keys: "e4" -> "white queen".
const ROLES = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };
function piecesOf(fen) {
  const pieces = {};
  fen.split(' ')[0].split('/').forEach((row, r) => {
    let file = 0;
    for (const c of row) {
      if (/[1-8]/.test(c)) { file += Number(c); continue; }
      if (ROLES[c.toLowerCase()]) pieces['abcdefgh'[file] + (8 - r)] = `${c === c.toUpperCase() ? 'white' : 'black'} ${ROLES[c.toLowerCase()]}`;
      file += 1;
    }
  });
  return pieces;
}

const shown = (page) => page.evaluate(() => ({
  fen: document.getElementById('fen').value,
  category: document.getElementById('verdict').dataset.category,
  dtm: document.getElementById('verdict').dataset.dtm,
  moves: [...document.querySelectorAll('#moves tbody tr')].map((r) => [r.dataset.uci, r.dataset.category, r.dataset.dtm]),
  mainline: document.getElementById('mainline').dataset.uci,
  board: Object.fromEntries([...document.querySelectorAll('cg-board piece')]
    .filter((p) => !p.classList.contains('ghost')).map((p) => [p.cgKey, p.className.split(' ').slice(0, 2).join(' ')])),
  url: location.search,
}));

// Waits until the page shows the answer for this FEN, then checks it against the API.
async function expectPosition(page, variant, fen, what) {
  try {
    await page.waitForFunction((f) => document.getElementById('fen').value === f &&
      document.getElementById('verdict').dataset.fen === f, { timeout: 10000 }, fen);
  } catch (e) {
    check(false, `${what}: the page shows ${fen} (${e.message})`);
    return null;
  }
  const answer = await api(`/${variant}`, { fen });
  const line = await api(`/${variant}/mainline`, { fen });
  const s = await shown(page);
  check(s.category === answer.category && s.dtm === String(answer.dtm ?? ''), `${what}: verdict ${s.category} ${s.dtm} as the JSON`);
  const want = answer.moves.map((m) => [m.uci, m.category, String(m.dtm ?? '')]);
  check(JSON.stringify(s.moves) === JSON.stringify(want), `${what}: the ${want.length} moves and values as the JSON`);
  check(s.mainline === line.uci.join(' '), `${what}: the main line as the JSON`);
  check(sameSet(s.board, piecesOf(fen)), `${what}: the board holds the FEN's pieces`);
  check(new URLSearchParams(s.url).get('fen')?.replace(/_/g, ' ') === fen && new URLSearchParams(s.url).get('variant') === variant,
    `${what}: the address shares the position`);
  return answer;
}
function sameSet(a, b) {
  const ka = Object.keys(a).sort(), kb = Object.keys(b).sort();
  return JSON.stringify(ka) === JSON.stringify(kb) && ka.every((k) => a[k] === b[k]);
}

const browser = await puppeteer.launch({
  executablePath: chromium, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-proxy-server'],
});
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1100, height: 800 });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));

  // 1. A shared link opens on its position.
  const first = '8/8/8/8/8/2k5/8/KQ6 w - - 0 1';
  await page.goto(`${base}/?variant=koth&fen=${first.replace(/ /g, '_')}`);
  const answer = await expectPosition(page, 'koth', first, 'shared link');
  check(answer && answer.category === 'win', 'the linked position is a win');

  // 2. A FEN typed into the box.
  const typed = '8/8/3k4/8/8/8/1P6/K7 w - - 0 1';
  await page.$eval('#fen', (el) => { el.value = ''; });
  await page.type('#fen', typed);
  await page.click('#position button');
  const typedAnswer = await expectPosition(page, 'koth', typed, 'typed FEN');

  // 3. The best move, played by clicking its row.
  if (typedAnswer) {
    const best = typedAnswer.moves[0];
    await page.click(`#moves tbody tr[data-uci="${best.uci}"]`);
    const after = await expectPosition(page, 'koth', best.fen, `after ${best.san}`);
    check(after && after.category === best.category && after.dtm === best.dtm,
      `after ${best.san}: the value is the one its row showed (${best.category} ${best.dtm})`);
    // The reply, played on the board itself: a click on the piece, then on its square.
    const reply = after && after.moves.find((m) => m.uci !== '0000');
    if (reply) {
      const box = await page.$eval('#board', (el) => { const r = el.getBoundingClientRect(); return [r.x, r.y, r.width]; });
      const centre = (key) => [box[0] + ('abcdefgh'.indexOf(key[0]) + 0.5) * box[2] / 8,
        box[1] + (8 - Number(key[1]) + 0.5) * box[2] / 8];
      await page.mouse.click(...centre(reply.uci.slice(0, 2)));
      await page.mouse.click(...centre(reply.uci.slice(2, 4)));
      await expectPosition(page, 'koth', reply.fen, `after ${reply.san} played on the board`);
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 500));  // the move's animation ends
  await page.screenshot({ path: screenshot });

  // 4. Queen of the Hill: blockers and target marked; a deal set up.
  const qoth = '8/8/2x2x2/4*3/8/2x2x2/8/KQ4r1 w';
  await page.goto(`${base}/?variant=qoth&fen=${qoth.replace(/ /g, '_')}`);
  await expectPosition(page, 'qoth', qoth, 'qoth');
  const marks = await page.evaluate(() => [...document.querySelectorAll('cg-board square')]
    .filter((s) => s.classList.contains('blocker') || s.classList.contains('target'))
    .map((s) => `${s.cgKey} ${s.className}`).sort());
  check(JSON.stringify(marks) === JSON.stringify(['c3 blocker', 'c6 blocker', 'e5 target', 'f3 blocker', 'f6 blocker']),
    `qoth: blockers and target shown (${marks.join(', ')})`);
  await page.click('#deal-form button');
  const deal = await api('/qoth/deal', { setup: '1:QRBNK:RRNBB' });
  try {
    await page.waitForFunction((f) => document.getElementById('fen').value === f, { timeout: 10000 }, deal.fen);
    check(true, `the deal builder sets up 1:QRBNK:RRNBB (${deal.fen})`);
  } catch (e) {
    check(false, `the deal builder sets up 1:QRBNK:RRNBB: ${e.message}`);
  }
  const dealText = await page.$eval('#deal-result', (el) => el.textContent);
  check(dealText.includes('1:QRBNK:RRNBB') && dealText.includes('KQRBNvRRBBN'), `the deal's set-up shown: ${dealText}`);
  await new Promise((resolve) => setTimeout(resolve, 500));
  await page.screenshot({ path: screenshot.replace(/\.png$/, '-qoth.png') });
  check(errors.length === 0, `no script errors on the page ${errors.join('; ')}`);
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
console.log(failed ? `${failed} check(s) failed` : 'all checks passed');
process.exit(failed ? 1 : 0);

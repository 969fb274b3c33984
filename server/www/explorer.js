// The explorer page: a position's value and its moves' values from the server's JSON
// API, on a chessground board. State lives in the URL (?variant=&fen=) so a link can be
// shared.
import { Chessground } from '/vendor/chessground/dist/chessground.min.js';

const START = {
  koth: '8/8/8/8/8/2k5/8/KQ6 w - - 0 1',
  chess: '8/8/8/8/8/2k5/8/KQ6 w - - 0 1',
  qoth: '8/8/2x2x2/3*4/8/2x2x2/8/8 w',
};
const $ = (id) => document.getElementById(id);
const state = { variant: 'koth', fen: '', answer: null, request: 0 };
let board = null;

// The mover's view of a move whose value the server gives from the other side.
const MOVER = {
  win: ['loses', 'loss'], loss: ['wins', 'win'], draw: ['draws', 'draw'],
  'cursed-win': ['blessed loss', 'draw'], 'blessed-loss': ['cursed win', 'draw'],
  unknown: ['unknown', 'unknown'],
};

function squareName(file, rank) { return 'abcdefgh'[file] + (rank + 1); }

// The board part of a FEN as chessground reads it, and qoth's fixed pawns marked apart:
// 'x' a blocker, '*' the target.
function boardOf(fen) {
  const placement = fen.trim().split(/\s+/)[0] || '';
  const marks = new Map();
  let plain = '';
  placement.split('/').forEach((row, r) => {
    let file = 0;
    for (const c of row) {
      if (c === 'x' || c === '*') {
        marks.set(squareName(file, 7 - r), c === 'x' ? 'blocker' : 'target');
        plain += '1';
        file += 1;
      } else {
        plain += c;
        file += /[1-8]/.test(c) ? Number(c) : 1;
      }
    }
    plain += r < 7 ? '/' : '';
  });
  return { plain, marks };
}

function turnOf(fen) { return (fen.trim().split(/\s+/)[1] || 'w') === 'b' ? 'black' : 'white'; }

function sideName(color) {
  if (state.variant === 'qoth') return color === 'white' ? 'P1' : 'P2';
  return color === 'white' ? 'White' : 'Black';
}

function api(path, params) {
  const query = new URLSearchParams(params).toString();
  return fetch(`${path}?${query}`).then(async (res) => {
    const body = await res.json();
    if (!res.ok) throw new Error(body.error || `HTTP ${res.status}`);
    return body;
  });
}

function describe(answer) {
  if (answer.category === 'unknown') return `unknown${answer.error ? ` (${answer.error})` : ''}`;
  if (answer.category === 'draw') return 'draw';
  const plies = Math.abs(answer.dtm);
  let text = `${answer.category}, ${plies} ${plies === 1 ? 'ply' : 'plies'} to the end (dtm ${answer.dtm})`;
  if (answer.points) text += `, ${answer.points} points`;
  return text;
}

function showAnswer(answer) {
  const verdict = $('verdict');
  verdict.textContent = `${sideName(turnOf(answer.fen))} to move: ${describe(answer)}`;
  verdict.dataset.fen = answer.fen;  // the position shown (tests wait for it)
  verdict.dataset.category = answer.category;
  verdict.dataset.dtm = answer.dtm ?? '';
  verdict.className = answer.category;
  const body = $('moves').querySelector('tbody');
  body.replaceChildren();
  for (const m of answer.moves) {
    const [text, cls] = MOVER[m.category] || [m.category, 'unknown'];
    const row = document.createElement('tr');
    row.dataset.uci = m.uci;
    row.dataset.category = m.category;
    row.dataset.dtm = m.dtm ?? '';
    row.className = cls;
    for (const cell of [m.san, text + (m.points ? ` (${m.points} points)` : ''), m.dtm ?? '']) {
      const td = document.createElement('td');
      td.textContent = cell;
      row.append(td);
    }
    row.addEventListener('click', () => load(state.variant, m.fen));
    body.append(row);
  }
}

function drawBoard(answer) {
  const { plain, marks } = boardOf(state.fen);
  const dests = new Map();
  for (const m of answer ? answer.moves : []) {
    if (m.uci === '0000') continue;
    const from = m.uci.slice(0, 2), to = m.uci.slice(2, 4);
    if (!dests.has(from)) dests.set(from, []);
    if (!dests.get(from).includes(to)) dests.get(from).push(to);
  }
  const config = {
    fen: plain,
    turnColor: turnOf(state.fen),
    orientation: 'white',
    coordinates: true,
    highlight: { custom: marks },
    movable: { free: false, color: turnOf(state.fen), dests, showDests: true },
    draggable: { enabled: true },
    events: {
      // The move played on the board: the best of those between the two squares (a
      // promotion to the strongest piece comes first).
      move: (orig, dest) => {
        const m = answer && answer.moves.find((x) => x.uci.startsWith(orig + dest));
        if (m) load(state.variant, m.fen);
      },
    },
  };
  if (board) board.set({ ...config, lastMove: undefined });
  else board = Chessground($('board'), config);
}

async function load(variant, fen) {
  state.variant = variant;
  state.fen = fen.trim().replace(/_/g, ' ');
  const request = ++state.request;
  $('variant').value = variant;
  $('fen').value = state.fen;
  $('legend').hidden = variant !== 'qoth';
  $('deal').hidden = variant !== 'qoth';
  $('error').textContent = '';
  history.replaceState(null, '', `/?variant=${variant}&fen=${encodeURIComponent(state.fen).replace(/%20/g, '_')}`);
  drawBoard(null);
  try {
    const [answer, line] = await Promise.all([
      api(`/${variant}`, { fen: state.fen }),
      api(`/${variant}/mainline`, { fen: state.fen }),
    ]);
    if (request !== state.request) return;  // a later position is on the board
    state.answer = answer;
    showAnswer(answer);
    drawBoard(answer);
    const mainline = $('mainline');
    mainline.textContent = line.san.length ? `${line.san.join(' ')}${line.result ? ` (${line.result})` : ''}` : '(none)';
    mainline.dataset.uci = line.uci.join(' ');
  } catch (e) {
    if (request !== state.request) return;
    $('verdict').textContent = '';
    $('verdict').dataset.category = '';
    $('verdict').dataset.fen = '';
    $('moves').querySelector('tbody').replaceChildren();
    $('mainline').textContent = '';
    $('error').textContent = e.message;
  }
}

// The deal builder: five cards and a shift box per player, dealing order.
const DEFAULT_CARDS = { 'cards-p1': 'QRBNK', 'cards-p2': 'RRNBB' };
function buildDealForm() {
  for (const [id, cards] of Object.entries(DEFAULT_CARDS)) {
    for (let i = 0; i < 5; i++) {
      const select = document.createElement('select');
      for (const k of 'KQRBN') select.append(new Option(k, k, false, k === cards[i]));
      const shift = document.createElement('input');
      shift.type = 'checkbox';
      shift.title = 'shifted one square to the right';
      $(id).append(select, shift);
    }
  }
}

function setupText() {
  const side = (id) => [...$(id).querySelectorAll('select')].map((s, i) =>
    $(id).querySelectorAll('input')[i].checked ? s.value.toLowerCase() : s.value).join('');
  return `${$('hand').value}:${side('cards-p1')}:${side('cards-p2')}`;
}

async function setUpDeal(event) {
  event.preventDefault();
  const result = $('deal-result');
  try {
    const deal = await api('/qoth/deal', { setup: setupText() });
    let value = 'no value known';
    if (deal.source) value = deal.exact ? `score ${deal.score} (${deal.category})` : `score between ${deal.lower} and ${deal.upper}`;
    result.textContent = `${deal.setup} (deal ${deal.deal}): ${value}`;
    result.dataset.fen = deal.fen;
    load('qoth', deal.fen);
  } catch (e) {
    result.textContent = e.message;
  }
}

function main() {
  const params = new URLSearchParams(location.search);
  const variant = START[params.get('variant')] ? params.get('variant') : 'koth';
  buildDealForm();
  $('position').addEventListener('submit', (e) => {
    e.preventDefault();
    load($('variant').value, $('fen').value);
  });
  $('variant').addEventListener('change', () => load($('variant').value, START[$('variant').value]));
  $('deal-form').addEventListener('submit', setUpDeal);
  load(variant, params.get('fen') || START[variant]);
}

main();

// The Tour tab's game: a person plays a tour by clicking squares,
// #/tour?width=6&height=6&played=a1,b3,c5 (play=true before the first
// square; finish=true shows the whole tour finished from there). The first
// click picks the start; each next one must be a knight move to a square
// not yet played, else it is refused here, without asking the server.
// After each move /tour/finish says whether the tour can still be
// finished (and, when not, why); its next square is the Hint, and its
// whole tour is what Finish draws (/tour/finish's own picture, the played
// moves told apart). While playing, the picture is of the squares played
// (drawn by /validate), its caption made the game's: what is played, and
// whether the tour can still be finished or why not.
//
// Puzzle: #/tour?width=6&height=6&puzzle=7 plays the puzzle /tour/puzzle
// makes from seed 7 (clue squares numbered, drawn as printed). The player
// numbers the squares from 1 by clicking; a clue square takes only its own
// step, and a step that is a clue only its square. /tour/finish, given the
// clues and the squares played, says whether the puzzle can still be
// solved from there, exactly as for the game.

import { get, post } from './api.js';
import { clearErrors, showProblem } from './answer.js';
import { numberFromOne } from './board.js';
import { number, readForm } from './form.js';
import { parseSquare, splitSquares, squareName } from './squares.js';
import { go } from './state.js';

const el = (id) => document.getElementById(id);
const JUMPS = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];

// The game on show: { ctx, p, played, size, answer, problem }; answer is
// /tour/finish's (null until it comes, or when it refused), problem its refusal.
let game = null;

/** True when the fragment is a game rather than a tour asked of the server. */
export function isGame(params) {
  return params.get('play') === 'true' || params.has('played') || params.has('puzzle');
}

/** The fragment of a game: the board, how it ends, and the squares played. */
function fragment(p, played, extra = {}) {
  const squares = played.length ? { played: played.join(',') } : { play: 'true' };
  return {
    width: p.width, height: p.height, closed: p.closed, end: p.end, puzzle: p.puzzle, ...squares, ...extra,
  };
}

// The puzzles asked for, by their question: the JSON of /tour/puzzle.
const puzzles = new Map();

/** The puzzle of the fragment (fetched once). */
async function puzzleOf(board, p, signal) {
  const q = { ...board, seed: p.puzzle, closed: p.closed === 'true' ? true : undefined };
  const key = JSON.stringify(q);
  if (!puzzles.has(key)) puzzles.set(key, await get('tour/puzzle', q, { signal }));
  return puzzles.get(key);
}

/** Writes each played square's step on the drawn board (the clues are drawn by the server). */
function numberPlayed(g) {
  const svg = g.ctx.board.container.querySelector('.board-svg');
  if (!svg) return;
  g.played.forEach((name, i) => {
    if (g.clueAt.has(name)) return;
    const cell = svg.querySelector(`[data-square="${name}"]`);
    const rect = cell && (cell.tagName === 'rect' ? cell : cell.querySelector('rect'));
    if (!rect) return;
    const x = Number(rect.getAttribute('x')) + Number(rect.getAttribute('width')) / 2;
    const y = Number(rect.getAttribute('y')) + Number(rect.getAttribute('height')) / 2;
    const t = document.createElementNS('http://www.w3.org/2000/svg', 'text');
    t.setAttribute('x', String(x));
    t.setAttribute('y', String(y + 0.15));
    t.setAttribute('font-size', '0.4');
    t.setAttribute('text-anchor', 'middle');
    t.setAttribute('fill', '#1b5e20');
    t.setAttribute('pointer-events', 'none');
    t.setAttribute('data-played-step', String(i + 1));
    t.textContent = String(i + 1);
    rect.parentNode.appendChild(t);
  });
}

/** The squares a knight on `name` can jump to that are not yet played. */
function freeMoves(name, played, { width, height }) {
  const at = parseSquare(name, width, height);
  if (!at) return [];
  const taken = new Set(played);
  return JUMPS
    .map(([df, dr]) => [at.file + df, at.rank + dr])
    .filter(([f, r]) => f >= 0 && r >= 0 && f < width && r < height)
    .map(([f, r]) => squareName(f, r))
    .filter((n) => !taken.has(n));
}

function status(text, cls = '') {
  const slot = el('game-status');
  slot.textContent = text;
  slot.className = `game-status ${cls}`.trim();
}

function buttons({ undo = false, ask = false } = {}) {
  el('game-undo').disabled = !undo;
  el('game-hint').disabled = !ask;
  el('game-finish').disabled = !ask;
}

/** Says what /tour/finish answered: can the tour still be finished, and if not, why. */
function verdict(g) {
  const left = g.size.width * g.size.height - g.played.length;
  if (g.answer) {
    status(left === 0
      ? `Every square is played: the tour is ${g.answer.closed ? 'closed and ' : ''}complete.`
      : `The tour can still be finished: ${left.toLocaleString('en')} squares to go.`, 'good');
    buttons({ undo: true, ask: left > 0 });
    if (left > 0) g.ctx.hint(`It can still be finished. ${next(g)}, or ask for a Hint.`);
    return;
  }
  const p = g.problem;
  const lead = {
    no_tour: 'It cannot be finished from here',
    tour_not_found: 'The search could not tell in time whether it can be finished',
  }[p.code] || 'The server could not say whether the tour can be finished';
  const why = p.status === 404 ? 'this server does not answer POST /tour/finish.' : p.detail.replace(/([^.])$/, '$1.');
  status(`${lead}: ${why}`, 'bad');
  buttons({ undo: true });
  g.ctx.hint(`${lead}: why is said above the Hint and Finish buttons. Undo, or play on.`);
}

/** What to click next: a knight's move from the last square played. */
function next(g) {
  return `Click a square a knight's move from ${g.played[g.played.length - 1]} (marked)`;
}

/** Draws the squares played, numbered, with the knight and its free moves marked. */
function marks(g) {
  const last = g.played[g.played.length - 1];
  g.ctx.board.mark([g.played[0]], 'is-from');
  g.ctx.board.mark(freeMoves(last, g.played, g.size), 'is-move');
  g.ctx.board.mark([last], 'is-knight');
}

const SVG = 'http://www.w3.org/2000/svg';

/**
 * Makes the caption of the picture in `container` (the bold line and the
 * lines after it in the same ink, above the picture's notes) say `lines`
 * instead: each wrapped to the picture's width as the server wraps, the
 * notes and the legend moved down or up to fit, the picture's height with
 * them, and its title too.
 */
function recaption(container, lines) {
  const svg = container.querySelector('.board-svg');
  const first = svg && svg.querySelector('g > text[font-weight="bold"]');
  if (!first) return;
  const group = first.parentNode;
  const ink = first.getAttribute('fill');
  const texts = [...group.querySelectorAll(':scope > text')];
  const old = texts.filter((t) => t.getAttribute('fill') === ink);
  const size = Number(first.getAttribute('font-size'));
  const x = Number(first.getAttribute('x'));
  const step = size * 1.35;
  const [vx, vy, vw, vh] = svg.getAttribute('viewBox').split(' ').map(Number);
  const width = vw - 2 * (x - vx);
  // Wrapped by measuring each line as drawn.
  const made = [];
  const line = (text, bold) => {
    const t = document.createElementNS(SVG, 'text');
    for (const name of ['x', 'font-size', 'fill']) t.setAttribute(name, first.getAttribute(name));
    if (bold) t.setAttribute('font-weight', 'bold');
    t.textContent = text;
    group.insertBefore(t, old[0]);
    made.push(t);
    return t;
  };
  lines.forEach((text, i) => {
    let t = line('', i === 0);
    for (const word of text.split(' ')) {
      const was = t.textContent;
      t.textContent = was ? `${was} ${word}` : word;
      if (was && t.getComputedTextLength() > width) {
        t.textContent = was;
        t = line(word, i === 0);
      }
    }
  });
  const top = Number(first.getAttribute('y'));
  made.forEach((t, i) => t.setAttribute('y', String(top + i * step)));
  old.forEach((t) => t.remove());
  // What comes under the caption moves with it.
  const shift = (made.length - old.length) * step;
  for (const t of texts.filter((el) => el.getAttribute('fill') !== ink)) {
    t.setAttribute('y', String(Number(t.getAttribute('y')) + shift));
  }
  for (let el = group.nextElementSibling; el; el = el.nextElementSibling) {
    // Moved again when captioned again: by the shifts added up.
    const moved = Number(el.getAttribute('data-moved') || 0) + shift;
    el.setAttribute('data-moved', String(moved));
    el.setAttribute('transform', `translate(0 ${moved})`);
  }
  const scale = Number(svg.getAttribute('height')) / vh;
  svg.setAttribute('viewBox', [vx, vy, vw, vh + shift].join(' '));
  svg.setAttribute('height', String(Math.ceil((vh + shift) * scale)));
  const title = svg.querySelector(':scope > title');
  if (title) title.textContent = `knightd: ${lines.join(' ')}`;
}

/** The caption of the game's picture: what is played, and whether it can be finished. */
function gameCaption(g, answer) {
  const { played, size } = g;
  const squares = size.width * size.height;
  const n = played.length;
  const asked = `Tour game on the ${size.width}×${size.height} board: ${n.toLocaleString('en')} of ` +
    `${squares.toLocaleString('en')} squares played, from ${played[0]}${n > 1 ? ` to ${played[n - 1]}` : ''}.`;
  if (answer === undefined) return [asked, 'Asking whether it can still be finished…'];
  if (g.answer) {
    const left = squares - n;
    return [asked, left === 0
      ? `Every square is played: the tour is ${g.answer.closed ? 'closed and ' : ''}complete.`
      : `It can still be finished: ${left.toLocaleString('en')} squares to go.`];
  }
  const p = g.problem;
  if (p.code === 'no_tour') return [asked, `It cannot be finished: ${p.detail.replace(/([^.])$/, '$1.')}`];
  if (p.code === 'tour_not_found') return [asked, 'The search could not tell in time whether it can be finished.'];
  return [asked, 'The server could not say whether it can be finished.'];
}

/** Finish: the whole tour from /tour/finish, drawn (by /tour/finish too) and listed as a tour is. */
async function showFinished(g, picture) {
  const { ctx, answer } = g;
  const n = answer.path.length;
  numberFromOne(ctx.draw(await picture, g.size.width, g.size.height));
  ctx.board.mark(g.played, 'is-played');
  ctx.board.mark([answer.path[0]], 'is-from');
  const end = answer.closed ? `, then one move back to ${answer.path[0]}` : `, ending on ${answer.path[n - 1]}`;
  ctx.say(`${answer.closed ? 'A closed tour' : 'A tour'} of the ${answer.width}×${answer.height} board ` +
    `from ${answer.path[0]}: every square once, ${(n - 1).toLocaleString('en')} moves${end}. ` +
    `The first ${g.played.length.toLocaleString('en')} (shaded) are yours.`);
  ctx.list(answer.path, {
    status: (i) => (i < g.played.length ? { text: 'played', cls: 'ok' } : null),
    from: 1,
  });
  status('Finished: your moves are drawn wide, the finish after them.', 'good');
  buttons({ undo: true });
  ctx.hint('Click a square to play on from your last move, or Undo.');
}

export async function showGame(ctx) {
  const p = ctx.values();
  const played = splitSquares(p.played || '').map((s) => s.toLowerCase());
  const size = { width: Number(p.width || 8), height: Number(p.height || 8) };
  const board = { width: number(p.width), height: number(p.height) };
  el('game').hidden = false;
  el('tour-start').value = played[0] || '';
  const g = { ctx, p, played, size, board, answer: null, problem: null, clueAt: new Map(), stepClue: new Map() };
  game = g;
  buttons();
  if (p.puzzle !== undefined) {
    await showPuzzle(g);
    return;
  }
  if (played.length === 0) {
    const svg = await get('path', { from: 'a1', to: 'a1', ...board }, { format: 'svg', signal: ctx.signal });
    ctx.draw(svg, size.width, size.height);
    ctx.say(`A tour to play on the ${size.width}×${size.height} board.`);
    ctx.list([]);
    status('Click the square to start from.');
    ctx.hint('Each next click must be a knight move to a square not yet played.');
    return;
  }
  const q = { ...board, played, closed: p.closed === 'true' ? true : undefined, end: p.end };
  const finishing = post('tour/finish', q, { signal: ctx.signal })
    .then((answer) => ({ answer }), (problem) => ({ problem }));
  // Finish draws the finished tour; its picture is asked for at once.
  const picture = p.finish === 'true' ? post('tour/finish', q, { format: 'svg', signal: ctx.signal }) : null;
  // (Its refusal is the JSON answer's, said below.)
  if (picture) picture.catch(() => {});
  status('Asking whether the tour can still be finished…');
  if (p.finish !== 'true') {
    const svg = await post('validate', { ...board, path: played }, { format: 'svg', signal: ctx.signal });
    ctx.draw(svg, size.width, size.height);
    recaption(ctx.board.container, gameCaption(g));
    marks(g);
    const last = played[played.length - 1];
    ctx.say(`You have played ${played.length.toLocaleString('en')} of ` +
      `${(size.width * size.height).toLocaleString('en')} squares of the ${size.width}×${size.height} board; ` +
      `the knight is on ${last}.`);
    ctx.list(played, { from: 1 });
    ctx.hint(`${next(g)}, or Undo.`);
  }
  const { answer, problem } = await finishing;
  ctx.check();
  if (problem && problem.name === 'AbortError') throw problem;
  Object.assign(g, { answer: answer || null, problem: problem || null });
  if (p.finish === 'true' && answer) {
    await showFinished(g, picture);
    return;
  }
  if (p.finish === 'true') {
    // Nothing to finish: the game as it stands, and why.
    go('tour', fragment(p, played));
    return;
  }
  recaption(ctx.board.container, gameCaption(g, answer || null));
  verdict(g);
}

/** The puzzle being played: its picture as printed, the squares numbered so far, and whether it can still be solved. */
async function showPuzzle(g) {
  const { ctx, p, played, size, board } = g;
  const puzzle = await puzzleOf(board, p, ctx.signal);
  for (const [square, step] of Object.entries(puzzle.clues)) {
    g.clueAt.set(square, step);
    g.stepClue.set(step, square);
  }
  const q = { ...board, seed: p.puzzle, closed: p.closed === 'true' ? true : undefined };
  const svg = await get('tour/puzzle', q, { format: 'svg', signal: ctx.signal });
  ctx.draw(svg, size.width, size.height);
  const squares = size.width * size.height;
  const clues = g.clueAt.size;
  const asked = `Knight's tour puzzle (seed ${puzzle.seed}) on the ${size.width}×${size.height} board: ` +
    `${clues} squares numbered, ${played.length} of ${squares} filled in.`;
  ctx.list(played, { from: 1 });
  if (played.length === 0) {
    recaption(ctx.board.container, [asked, 'Number the squares from 1, a knight move each; exactly one way agrees with the clues.']);
    const first = g.stepClue.get(1);
    status(first ? `Click ${first}, numbered 1.` : 'Click the square to number 1.');
    ctx.say(`A puzzle to solve: ${clues} of the ${squares} squares are numbered.`);
    ctx.hint('Each next click numbers the next step: a knight move from the last, on its clue square when it has one.');
    return;
  }
  if (p.finish === 'true') {
    const solved = await post('tour/finish', { ...q, seed: undefined, played, clues: Object.fromEntries(g.clueAt) },
      { signal: ctx.signal }).catch(() => null);
    if (solved) {
      g.answer = solved;
      ctx.draw(await post('tour/finish', { ...q, seed: undefined, played, clues: Object.fromEntries(g.clueAt) },
        { format: 'svg', signal: ctx.signal }), size.width, size.height);
      ctx.board.mark(played, 'is-played');
      ctx.say(`The puzzle solved: every square numbered from ${solved.path[0]}; the first ${played.length} are yours.`);
      ctx.list(solved.path, { status: (i) => (i < played.length ? { text: 'played', cls: 'ok' } : null), from: 1 });
      status('Solved: the clue squares are numbered, your squares shaded.', 'good');
      buttons({ undo: true });
      return;
    }
  }
  numberPlayed(g);
  ctx.board.mark(played, 'is-played');
  marks(g);
  const clueObject = Object.fromEntries(g.clueAt);
  status('Asking whether the puzzle can still be solved…');
  recaption(ctx.board.container, [asked, 'Asking whether it can still be solved…']);
  const { answer, problem } = await post('tour/finish', { ...q, seed: undefined, played, clues: clueObject }, { signal: ctx.signal })
    .then((a) => ({ answer: a }), (e) => ({ problem: e }));
  ctx.check();
  if (problem && problem.name === 'AbortError') throw problem;
  Object.assign(g, { answer: answer || null, problem: problem || null });
  const left = squares - played.length;
  let said;
  if (answer) {
    said = left === 0 ? 'Solved: every square is numbered.' : `It can still be solved: ${left} squares to go.`;
  } else if (problem.code === 'no_tour') {
    said = `It cannot be solved from here: ${problem.detail.replace(/([^.])$/, '$1.')}`;
  } else {
    said = 'The server could not say in time whether it can still be solved.';
  }
  recaption(ctx.board.container, [asked, said]);
  ctx.say(`${played.length} of ${squares} squares numbered; the knight is on ${played[played.length - 1]}.`);
  verdict(g);
}

/** A click of the game: the start, or the next move when it is a legal one. */
export function pickGame(name, ctx) {
  const g = game;
  const p = { ...ctx.values(), ...readForm(ctx.form) };
  const played = g && g.ctx === ctx ? g.played : [];
  if (played.length === 0) {
    const clue = g && g.clueAt.get(name);
    const due = g && g.stepClue.get(1);
    if ((clue !== undefined && clue !== 1) || (due && due !== name)) {
      const refused = due ? `The puzzle numbers ${due} as 1: start there.` : `${name} is numbered ${clue} in the puzzle, not 1.`;
      showProblem(ctx.form, { detail: refused, code: 'refused_move' });
      ctx.hint(refused);
      return;
    }
    go('tour', fragment(p, [name]));
    return;
  }
  const last = played[played.length - 1];
  const at = played.indexOf(name);
  let refused = null;
  const step = played.length + 1;
  const clue = g && g.clueAt.get(name);
  const due = g && g.stepClue.get(step);
  if (at < 0 && clue !== undefined && clue !== step) {
    refused = `${name} is numbered ${clue} in the puzzle; the next step is ${step}${due ? ` (on ${due})` : ''}.`;
  } else if (at < 0 && due && due !== name) {
    refused = `Step ${step} is numbered on ${due} in the puzzle: click ${due}.`;
  } else if (at >= 0) {
    refused = `${name} is already played (numbered ${at} on the board): a tour visits every square once.`;
  } else if (!freeMoves(last, [], g.size).includes(name)) {
    const free = freeMoves(last, played, g.size);
    refused = `${name} is not a knight move from ${last}: ` +
      (free.length ? `click one of the marked squares (${free.join(', ')}).` : 'no square a knight move away is free; Undo.');
  }
  if (refused) {
    showProblem(ctx.form, { detail: refused, code: 'refused_move' });
    // Under the board too: on a phone the form is below it.
    ctx.hint(refused);
    return;
  }
  go('tour', fragment(g.p, [...played, name]));
}

/** The game's buttons. */
export function setupGame(ctx) {
  const again = (played, extra) => {
    const c = ctx();
    if (c && game && game.ctx === c) go('tour', fragment(game.p, played, extra));
  };
  el('game-play').addEventListener('click', () => {
    const c = ctx();
    const f = c ? readForm(c.form) : {};
    go('tour', fragment(f, []));
  });
  el('game-puzzle').addEventListener('click', () => {
    const c = ctx();
    const f = c ? readForm(c.form) : {};
    // A new puzzle each time; its seed in the fragment, so a link reopens it.
    const seed = Math.floor(Math.random() * 1000000);
    go('tour', fragment({ ...f, width: f.width || 6, height: f.height || 6, puzzle: seed }, []));
  });
  el('game-undo').addEventListener('click', () => game && again(game.played.slice(0, -1)));
  el('game-new').addEventListener('click', () => game && again([]));
  el('game-finish').addEventListener('click', () => game && again(game.played, { finish: 'true' }));
  el('game-hint').addEventListener('click', () => {
    const g = game;
    if (!g || !g.answer) return;
    const square = g.answer.path[g.played.length];
    g.ctx.board.unmark('is-hint');
    g.ctx.board.mark([square], 'is-hint');
    clearErrors(g.ctx.form);
    status(`Hint: ${square} is a next square from which the tour can be finished.`, 'good');
    g.ctx.hint(`Hint: ${square} (marked). Click it, or another square a knight's move away.`);
  });
}

/** Leaves the game (another question on the tab, or another tab). */
export function leaveGame() {
  game = null;
  el('game').hidden = true;
  el('game-status').textContent = '';
}

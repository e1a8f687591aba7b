// A shortest path on a plain board: #/path?from=g2&to=a8&width=8&height=8.
// The first click picks where the knight starts, the second where it goes.
// Every shortest path is counted (/shortest-paths) and can be stepped
// through, one at a time. Path 1 is /path's own (the straightest, the one
// the README and the API answer); the others follow in /shortest-paths'
// order. The fragment names a path by its offset in that order
// (#/path?from=g2&to=a8&offset=0 is g2 e3 c4 b6 a8), none for path 1, and
// is kept without a history entry per step, as a tour's step is. Counts
// and offsets may exceed 2^53: they stay decimal strings, and stepping is
// done with BigInt.

import { get, Problem } from './api.js';
import { go, replace } from './state.js';

const el = (id) => document.getElementById(id);
const stepper = () => el('paths');
const prev = () => el('paths-prev');
const next = () => el('paths-next');
const at = () => el('paths-at');
const boardEl = () => el('board');

// The question whose shortest paths are on show: { ctx, question, count,
// first, firstAt, number, wanted, width, height, pending }. `first` is
// /path's own path, which the page numbers 1 (the README's and /path's "the
// path"); the others follow in /shortest-paths' order. `firstAt` is its
// offset in that order (a decimal string) when known, else null. `number`
// (the path drawn, one-based) and `wanted` (the one asked for, drawn once it
// comes) are decimal strings too.
let shown = null;

const DIGITS = /^\d+$/;

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** Digits up to this many are written whole (grouped); more, as a power of ten. */
const WHOLE_DIGITS = 12;

/**
 * A count (a decimal string) as a person reads it: "6", "1,234,567", or,
 * past WHOLE_DIGITS digits, "9.46 × 10²³⁰" (three figures, rounded).
 */
export function bigNumber(count) {
  const digits = String(count).replace(/^0+(?=\d)/, '');
  if (digits.length <= WHOLE_DIGITS) return BigInt(digits).toLocaleString('en');
  // Three significant figures, rounded half up; 9.995… rounds to 10.0 = 1.00 × 10 more.
  let lead = Number(digits.slice(0, 3)) + (digits[3] >= '5' ? 1 : 0);
  let power = digits.length - 1;
  if (lead === 1000) {
    lead = 100;
    power += 1;
  }
  const mantissa = `${Math.floor(lead / 100)}.${String(lead % 100).padStart(2, '0')}`;
  const exponent = [...String(power)].map((d) => SUPERSCRIPT[Number(d)]).join('');
  return `${mantissa} × 10${exponent}`;
}

/** "6" → "6 shortest paths", "1" → "1 shortest path", a huge count as a person reads it. */
export function countWords(count) {
  return count === '1' ? '1 shortest path' : `${bigNumber(count)} shortest paths`;
}

/** The count of shortest paths in the stepper: in words, and a huge one's every digit on demand. */
function showCount(count) {
  const slot = el('paths-count');
  slot.replaceChildren(countWords(count));
  if (bigNumber(count) === BigInt(count).toLocaleString('en')) return;
  const whole = document.createElement('details');
  whole.className = 'whole-count';
  const summary = document.createElement('summary');
  summary.textContent = `all ${count.length} digits`;
  const all = document.createElement('span');
  all.className = 'digits';
  all.textContent = count;
  whole.append(summary, all);
  slot.append(' ', whole);
}

/** The board index of a square as the API writes it (a name or an index), as a BigInt. */
function indexOf(square, width) {
  const s = String(square);
  if (DIGITS.test(s)) return BigInt(s);
  const m = /^([a-z]+)(\d+)$/.exec(s);
  let file = 0n;
  for (const c of m[1]) file = file * 26n + BigInt(c.charCodeAt(0) - 96);
  return (BigInt(m[2]) - 1n) * BigInt(width) + file - 1n;
}

/** Whether path `a` comes before path `b` in /shortest-paths' order (by their squares' indices). */
function before(a, b, width) {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    const [x, y] = [indexOf(a[i], width), indexOf(b[i], width)];
    if (x !== y) return x < y;
  }
  return a.length < b.length;
}

const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Shows (or, with no text, clears) the error next to the path number; `invalid` when it is about the number. */
function error(text, code, invalid = false) {
  const slot = el('paths-error');
  slot.textContent = text || '';
  if (code) slot.dataset.code = code;
  else delete slot.dataset.code;
  if (invalid) at().setAttribute('aria-invalid', 'true');
  else at().removeAttribute('aria-invalid');
}

function hideStepper() {
  shown = null;
  stepper().hidden = true;
  error('');
}

/** Shows the stepper at path `number` (one-based, a decimal string) of `count`. */
function controls(s, number = s.number) {
  const k = BigInt(number);
  showCount(s.count);
  el('paths-of').textContent = `of ${bigNumber(s.count)}`;
  const input = at();
  input.value = k.toString();
  input.size = Math.max(2, Math.min(s.count.length + 1, 14));
  // One path only: nothing to step through.
  el('paths-nav').hidden = s.count === '1';
  prev().disabled = k <= 1n;
  next().disabled = k >= BigInt(s.count);
  stepper().hidden = false;
}

/**
 * The picture's caption numbers the path drawn by /shortest-paths' order
 * ("; path 3 drawn"): made the page's number, which puts /path's first.
 */
function captionNumber(picture, number) {
  if (!picture) return;
  for (const el of picture.querySelectorAll('text, title')) {
    el.textContent = el.textContent.replace(/(shortest paths?; path )[\d,]+/, `$1${bigNumber(number)}`);
  }
}

/** Draws `path` (path `s.number`), and lists its squares. */
function render(s, path, svg) {
  captionNumber(s.ctx.draw(svg, s.width, s.height), s.number);
  s.ctx.board.mark([path[0]], 'is-from');
  s.ctx.board.mark([path[path.length - 1]], 'is-to');
  s.ctx.list(path);
  controls(s);
}

function ask(s, offset, format, signal, limit = 1) {
  return get('shortest-paths', { ...s.question, offset, limit }, { format, signal });
}

/** "There are only 6 shortest paths" (or "is only 1"). */
function only(count) {
  return `There ${count === '1' ? 'is only 1 shortest path' : `are only ${countWords(count)}`}`;
}

/**
 * Path `number` (one-based, a decimal string): { path, offset, svg }, or
 * null when there is no such path. Path 1 is /path's; path n after it is
 * the (n-1)-th of the others in /shortest-paths' order: at offset n-2 when
 * that one comes before /path's, else at n-1. The two are asked for at once.
 */
async function pathAt(s, number, signal) {
  const n = BigInt(number);
  if (n === 1n) {
    const svg = s.firstAt === null
      ? await get('path', s.question, { format: 'svg', signal })
      : await ask(s, s.firstAt, 'svg', signal);
    return { path: s.first, offset: s.firstAt, svg };
  }
  if (n < 1n || n > BigInt(s.count)) return null;
  let offset;
  let path;
  if (s.firstAt !== null) {
    offset = (n - 2n < BigInt(s.firstAt) ? n - 2n : n - 1n).toString();
  } else {
    const two = await ask(s, (n - 2n).toString(), 'json', signal, 2);
    const [a, b] = two.paths;
    if (a && before(a, s.first, s.width)) [offset, path] = [(n - 2n).toString(), a];
    else if (b) [offset, path] = [(n - 1n).toString(), b];
    else return null;
  }
  const [answer, svg] = await Promise.all([
    path ? { paths: [path] } : ask(s, offset, 'json', signal),
    ask(s, offset, 'svg', signal),
  ]);
  if (answer.paths.length === 0) return null;
  return { path: answer.paths[0], offset, svg };
}

/** Asks for path `number` (one-based, a decimal string) and shows it. */
async function step(number) {
  const s = shown;
  if (!s) return;
  if (s.pending) s.pending.abort();
  const pending = new AbortController();
  s.pending = pending;
  s.wanted = number;
  const stop = () => pending.abort();
  s.ctx.signal.addEventListener('abort', stop, { once: true });
  boardEl().setAttribute('aria-busy', 'true');
  error('');
  controls(s, number);
  try {
    const found = await pathAt(s, number, pending.signal);
    if (shown !== s || pending.signal.aborted) return;
    if (!found) {
      s.wanted = s.number;
      controls(s);
      error(`${only(s.count)}: choose a number from 1 to ${bigNumber(s.count)}.`, null, true);
      return;
    }
    s.number = number;
    render(s, found.path, found.svg);
    replace('path', { ...s.ctx.values(), offset: number === '1' ? '' : found.offset });
  } catch (e) {
    if (e.name === 'AbortError' || shown !== s) return;
    s.wanted = s.number;
    controls(s);
    error(e.detail || String(e.message || e), e.code, e.param === 'offset');
  } finally {
    s.ctx.signal.removeEventListener('abort', stop);
    if (s.pending === pending) {
      s.pending = null;
      if (!s.ctx.signal.aborted) boardEl().removeAttribute('aria-busy');
    }
  }
}

/** The path number typed (one-based, a decimal string); null (and the reason shown) when it is not one. */
function typed() {
  const s = shown;
  const text = at().value.trim().replace(/[,\s]/g, '');
  const n = DIGITS.test(text) ? BigInt(text) : 0n;
  if (n < 1n || n > BigInt(s.count)) {
    error(`Type a whole number from 1 to ${bigNumber(s.count)}.`, null, true);
    return null;
  }
  return n.toString();
}

/** Steps to path `number` (a decimal string) unless it is the one asked for, or not one. */
function goTo(number) {
  if (!shown || number === null || number === shown.wanted) return;
  const n = BigInt(number);
  if (n >= 1n && n <= BigInt(shown.count)) step(number);
}

/**
 * Where /path's own path is in /shortest-paths' order, when the paths are
 * few enough to read in one answer (else null: its picture is then /path's).
 */
async function offsetOfFirst(s, count, signal) {
  if (BigInt(count) * BigInt(s.first.length) > 20000n) return null;
  try {
    const all = await ask(s, '0', 'json', signal, Number(count));
    const k = all.paths.findIndex((p) => same(p, s.first));
    return k < 0 ? null : String(k);
  } catch (e) {
    // A page refused (a server with a smaller page limit): path 1 is then
    // drawn as /path draws it.
    if (e.name === 'AbortError') throw e;
    return null;
  }
}

/** The /path picture, when the shortest paths are not drawn. */
async function drawPath(ctx, question, answer) {
  const svg = await get('path', question, { format: 'svg', signal: ctx.signal });
  ctx.draw(svg, answer.width, answer.height);
  ctx.board.mark([answer.from], 'is-from');
  ctx.board.mark([answer.to], 'is-to');
}

/** Says why the shortest paths are not counted (e.g. too many squares on them). */
function notCounted(problem) {
  el('paths-count').textContent = 'Shortest paths: not counted';
  el('paths-nav').hidden = true;
  stepper().hidden = false;
  const detail = problem instanceof Problem ? problem.detail : String(problem.message || problem);
  const slot = el('paths-error');
  slot.textContent = detail;
  if (problem.code) slot.dataset.code = problem.code;
}

export default {
  tab: 'path',
  form: 'path-form',

  matches(route, params) {
    return route === 'path' && !params.has('board') && !params.has('preset');
  },

  setup() {
    prev().addEventListener('click', () => {
      if (shown) goTo((BigInt(shown.wanted) - 1n).toString());
    });
    next().addEventListener('click', () => {
      if (shown) goTo((BigInt(shown.wanted) + 1n).toString());
    });
    at().addEventListener('change', () => {
      if (shown) goTo(typed());
    });
    at().addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' || !shown) return;
      event.preventDefault();
      goTo(typed());
    });
  },

  leave() {
    if (shown && shown.pending) shown.pending.abort();
    hideStepper();
  },

  async show(params, ctx) {
    if (shown && shown.pending) shown.pending.abort();
    hideStepper();
    const p = ctx.values();
    const from = p.from ?? p.src;
    const to = p.to ?? p.dest;
    const question = { from, to: to || from, width: p.width, height: p.height, notation: p.notation };
    if (!from) {
      ctx.say('');
      ctx.list([]);
      ctx.hint('Click the square the knight starts from.');
      return;
    }
    if (!to) {
      const [answer, svg] = await Promise.all([
        get('path', question, { signal: ctx.signal }),
        get('path', question, { format: 'svg', signal: ctx.signal }),
      ]);
      ctx.draw(svg, answer.width, answer.height);
      ctx.board.mark([answer.from], 'is-from');
      ctx.say(`The knight starts on ${answer.from} (${answer.width}×${answer.height} board).`);
      ctx.list([answer.from]);
      ctx.hint('Now click the square it should go to.');
      return;
    }
    // The path, and the count of shortest paths (with the one at the
    // fragment's offset, when it names one). When they cannot be counted,
    // the path is shown alone and the reason next to the path number.
    const asked = p.offset === undefined ? '' : String(p.offset).trim();
    const offset = DIGITS.test(asked) ? BigInt(asked).toString() : '0';
    const s = {
      ctx, question, count: '0', first: null, firstAt: null, number: '1', wanted: '1',
      width: p.width, height: p.height, pending: null,
    };
    const counted = ask(s, offset, 'json', ctx.signal).catch((e) => {
      if (e.name === 'AbortError') throw e;
      return e;
    });
    const [answer, many] = await Promise.all([get('path', question, { signal: ctx.signal }), counted]);
    const size = `${answer.width}×${answer.height}`;
    s.width = answer.width;
    s.height = answer.height;
    ctx.hint('Click a square to start a new path.');
    if (answer.path === null) {
      await drawPath(ctx, question, answer);
      ctx.say(`A knight on ${answer.from} can never reach ${answer.to} on the ${size} board.`);
      ctx.list([]);
      return;
    }
    const moves = answer.moves === 1 ? '1 move' : `${answer.moves} moves`;
    const sentence = `From ${answer.from} to ${answer.to} on the ${size} board: ${moves}, no fewer`;
    const refused = many instanceof Error;
    // An offset at or past the count (the server said so: an empty page of
    // a count), or one the server refused (its words are shown): the first
    // path is shown instead.
    const past = !refused && many.paths.length === 0 && many.count !== '0';
    const badOffset = refused && many.param === 'offset' && asked !== '';
    if (refused && !badOffset) {
      await drawPath(ctx, question, answer);
      ctx.say(`${sentence}.`);
      ctx.list(answer.path);
      notCounted(many);
      return;
    }
    s.first = answer.path;
    s.count = refused ? (await ask(s, '0', 'json', ctx.signal, 0)).count : many.count;
    if (s.count === '0') {
      // Counted, yet none: should not be; the path is shown alone.
      await drawPath(ctx, question, answer);
      ctx.say(`${sentence}.`);
      ctx.list(answer.path);
      return;
    }
    s.firstAt = await offsetOfFirst(s, s.count, ctx.signal);
    // The fragment's offset as a path number: /path's own path is 1, the
    // others follow it in /shortest-paths' order.
    let number = '1';
    if (asked !== '' && DIGITS.test(asked) && !past && !refused && !same(many.paths[0], s.first)) {
      number = (BigInt(offset) + (before(many.paths[0], s.first, s.width) ? 2n : 1n)).toString();
    }
    s.number = number;
    s.wanted = number;
    const by = s.count === '1' ? 'by 1 shortest path only' : `by any of ${countWords(s.count)}`;
    ctx.say(`${sentence}, ${by}.`);
    ctx.hint(s.count === '1'
      ? 'Click a square to start a new path.'
      : 'Path 1 is the straightest, the one knightd answers for a path; step through the others with Previous and Next, or click a square to start a new path.');
    const found = number === '1'
      ? await pathAt(s, '1', ctx.signal)
      : { path: many.paths[0], offset, svg: await ask(s, offset, 'svg', ctx.signal) };
    shown = s;
    render(s, found.path, found.svg);
    if (past || badOffset || (asked !== '' && !DIGITS.test(asked))) {
      replace('path', { ...p, offset: '' });
      let why = `"${asked}" is not a path number: the first path is shown.`;
      // Only when the count says so: path offset + 1 is past the last.
      if (past && BigInt(offset) >= BigInt(s.count)) {
        why = `${only(s.count)}: path ${bigNumber((BigInt(offset) + 1n).toString())} is not one of them, the first is shown.`;
      } else if (badOffset) {
        why = `${many.detail || many.message}; the first path is shown.`;
      }
      error(why);
    } else if (number === '1' && asked !== '') {
      // The offset of /path's own path: the link to it is the plain one.
      replace('path', { ...p, offset: '' });
    }
  },

  pick(name, ctx) {
    const p = ctx.values();
    const from = p.from ?? p.src;
    const to = p.to ?? p.dest;
    const size = { width: p.width, height: p.height };
    if (from && !to) ctx.go('path', { from, to: name, ...size });
    else ctx.go('path', { from: name, ...size });
  },

  submit(fields) {
    go('path', fields);
  },
};

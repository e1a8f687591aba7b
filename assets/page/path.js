// A shortest path on a plain board: #/path?from=g2&to=a8&width=8&height=8.
// The first click picks where the knight starts, the second where it goes.
// Every shortest path is counted (/shortest-paths) and can be stepped
// through, one at a time: #/path?from=g2&to=a8&offset=2 is the third. The
// offset is kept in the fragment without a history entry per step, as a
// tour's step is. Counts and offsets may exceed 2^53: they stay decimal
// strings, and stepping is done with BigInt.

import { get, Problem } from './api.js';
import { go, replace } from './state.js';

const el = (id) => document.getElementById(id);
const stepper = () => el('paths');
const prev = () => el('paths-prev');
const next = () => el('paths-next');
const at = () => el('paths-at');
const boardEl = () => el('board');

// The question whose shortest paths are on show: { ctx, question, count,
// offset, wanted, width, height, pending }; count, offset (the path drawn)
// and wanted (the path asked for, drawn once it comes) decimal strings.
let shown = null;

const DIGITS = /^\d+$/;

/** "6" → "6 shortest paths", "1" → "1 shortest path". */
export function countWords(count) {
  return count === '1' ? '1 shortest path' : `${count} shortest paths`;
}

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

/** Shows the stepper at path `offset` of `count` (one-based in the input). */
function controls(s, offset = s.offset) {
  const k = BigInt(offset);
  const last = BigInt(s.count) - 1n;
  el('paths-count').textContent = countWords(s.count);
  el('paths-of').textContent = `of ${s.count}`;
  const input = at();
  input.value = (k + 1n).toString();
  input.size = Math.max(2, Math.min(s.count.length + 1, 24));
  // One path only: nothing to step through.
  el('paths-nav').hidden = s.count === '1';
  prev().disabled = k <= 0n;
  next().disabled = k >= last;
  stepper().hidden = false;
}

/** Draws path `s.offset` of the shortest paths, and lists its squares. */
function render(s, answer, svg) {
  s.ctx.draw(svg, s.width, s.height);
  s.ctx.board.mark([answer.from], 'is-from');
  s.ctx.board.mark([answer.to], 'is-to');
  s.ctx.list(answer.paths[0]);
  controls(s);
}

function ask(s, offset, format, signal) {
  return get('shortest-paths', { ...s.question, offset, limit: 1 }, { format, signal });
}

/** Asks for path `offset` (a decimal string) and shows it. */
async function step(offset) {
  const s = shown;
  if (!s) return;
  if (s.pending) s.pending.abort();
  const pending = new AbortController();
  s.pending = pending;
  s.wanted = offset;
  const stop = () => pending.abort();
  s.ctx.signal.addEventListener('abort', stop, { once: true });
  boardEl().setAttribute('aria-busy', 'true');
  error('');
  controls(s, offset);
  try {
    const [answer, svg] = await Promise.all([
      ask(s, offset, 'json', pending.signal),
      ask(s, offset, 'svg', pending.signal),
    ]);
    if (shown !== s || pending.signal.aborted) return;
    if (answer.paths.length === 0) {
      s.wanted = s.offset;
      controls(s);
      error(`There ${s.count === '1' ? 'is only 1 shortest path' : `are only ${s.count} shortest paths`}: ` +
        `choose a number from 1 to ${s.count}.`, null, true);
      return;
    }
    s.offset = offset;
    render(s, answer, svg);
    replace('path', { ...s.ctx.values(), offset: offset === '0' ? '' : offset });
  } catch (e) {
    if (e.name === 'AbortError' || shown !== s) return;
    s.wanted = s.offset;
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

/** The path number typed (one-based), as an offset; null (and the reason shown) when it is not one. */
function typed() {
  const s = shown;
  const text = at().value.trim();
  const n = DIGITS.test(text) ? BigInt(text) : 0n;
  if (n < 1n || n > BigInt(s.count)) {
    error(`Type a whole number from 1 to ${s.count}.`, null, true);
    return null;
  }
  return (n - 1n).toString();
}

/** Steps to path `offset` (a decimal string) unless it is the one asked for, or not one. */
function goTo(offset) {
  if (!shown || offset === null || offset === shown.wanted) return;
  const k = BigInt(offset);
  if (k >= 0n && k < BigInt(shown.count)) step(offset);
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
    // The path, and the shortest path at the fragment's offset with the
    // count of them all. When those cannot be had, the path is shown alone
    // and the reason next to the path number.
    const asked = p.offset === undefined ? '0' : String(p.offset).trim();
    const offset = DIGITS.test(asked) ? BigInt(asked).toString() : '0';
    const s = { ctx, question, count: '0', offset, wanted: offset, width: p.width, height: p.height, pending: null };
    const paths = Promise.all([ask(s, offset, 'json', ctx.signal), ask(s, offset, 'svg', ctx.signal)])
      .catch((e) => {
        if (e.name === 'AbortError') throw e;
        return e;
      });
    const [answer, many] = await Promise.all([get('path', question, { signal: ctx.signal }), paths]);
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
    // An offset past the last path (or refused): the first path is shown instead.
    const past = Array.isArray(many) ? many[0].paths.length === 0 && many[0].count !== '0'
      : many.param === 'offset' && offset !== '0';
    if (!Array.isArray(many) && !past) {
      await drawPath(ctx, question, answer);
      ctx.say(`${sentence}.`);
      ctx.list(answer.path);
      notCounted(many);
      return;
    }
    let first = many;
    if (past) {
      first = await Promise.all([ask(s, '0', 'json', ctx.signal), ask(s, '0', 'svg', ctx.signal)]);
      s.offset = '0';
      s.wanted = '0';
    }
    s.count = first[0].count;
    if (s.count === '0' || first[0].paths.length === 0) {
      // Counted, yet none listed: should not be; the path is shown alone.
      await drawPath(ctx, question, answer);
      ctx.say(`${sentence}.`);
      ctx.list(answer.path);
      return;
    }
    const by = s.count === '1' ? 'by 1 shortest path only' : `by any of ${countWords(s.count)}`;
    ctx.say(`${sentence}, ${by}.`);
    ctx.hint('Step through the shortest paths with Previous and Next, or click a square to start a new path.');
    shown = s;
    render(s, first[0], first[1]);
    if (past || !DIGITS.test(asked)) {
      replace('path', { ...p, offset: '' });
      error(past
        ? `There ${s.count === '1' ? 'is only 1 shortest path' : `are only ${s.count} shortest paths`}: ` +
          `path ${(BigInt(offset) + 1n).toString()} is not one of them, the first is shown.`
        : `"${asked}" is not a path number: the first path is shown.`);
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

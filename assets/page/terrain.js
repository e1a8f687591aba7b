// Terrain boards: the cheapest path (#/path?board=…&from=a1&to=af28, or
// preset=challenge for the challenge board) and the longest simple path
// (#/longest-path?…&time_limit_ms=1000). Squares are painted by clicking
// with a brush; the rows can also be edited as text.

import { post } from './api.js';
import { parseSquare, squareName } from './squares.js';
import { go } from './state.js';
import { number } from './form.js';

const PRESETS = { challenge: 'page/boards/challenge-28x32.txt' };
const loaded = new Map();

/** The ground of the last terrain shown: { preset } or { board }, and its from/to. */
export const lastTerrain = { ground: { preset: 'challenge' }, from: 'a1', to: 'af28' };

/** The rows of a board as written: line breaks between rows, spaces ignored. */
export function rowsOf(text) {
  return String(text).split(/\r\n|\r|\n/).map((row) => row.replace(/[ \t]/g, '')).filter((row) => row !== '');
}

/** The board text of a preset ("challenge"), fetched once from the server. */
export async function presetText(name, signal) {
  const url = PRESETS[name];
  if (!url) {
    const known = Object.keys(PRESETS).join(', ');
    throw Object.assign(new Error(`There is no preset board "${name}"; the presets are: ${known}.`), { param: 'board' });
  }
  if (!loaded.has(name)) {
    const response = await fetch(url, { signal });
    if (!response.ok) throw new Error(`The preset board could not be loaded (${response.status}).`);
    loaded.set(name, await response.text());
  }
  return loaded.get(name);
}

/** The rows of a fragment's ground: its `board`, or its `preset`. */
export async function groundRows(p, signal) {
  if (p.board !== undefined) return rowsOf(p.board);
  return rowsOf(await presetText(p.preset || 'challenge', signal));
}

/** The ground parameter for a fragment: the preset's name when the rows are a preset's. */
export function groundParam(rows) {
  const compact = rows.join('\n');
  for (const [name] of Object.entries(PRESETS)) {
    if (loaded.has(name) && rowsOf(loaded.get(name)).join('\n') === compact) return { preset: name };
  }
  return { board: compact };
}

const spaced = (rows) => rows.map((row) => [...row].join(' ')).join('\n');
const textarea = () => document.getElementById('terrain-board');
const brush = (form) => form.querySelector('input[name="brush"]:checked').value;
const plural = (n, one, many) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

function question(p, rows) {
  return { board: rows.join('\n'), from: p.from, to: p.to, barrier_rule: p.barrier_rule };
}

/**
 * The squares of the path a picture draws, in order: its start, then where
 * each numbered step (data-step) lands, each point named by the square
 * (data-square) drawn under it; none when no step is drawn.
 */
export function pathOfPicture(svg) {
  const names = new Map();
  for (const rect of svg.querySelectorAll('rect[data-square]')) {
    names.set(`${rect.getAttribute('x')},${rect.getAttribute('y')}`, rect.getAttribute('data-square'));
  }
  const at = (x, y) => names.get(`${Math.floor(x)},${Math.floor(y)}`);
  const steps = [...svg.querySelectorAll('path[data-step]')]
    .map((el) => [Number(el.getAttribute('data-step')), (el.getAttribute('d').match(/-?[\d.]+/g) || []).map(Number)])
    .filter(([, d]) => d.length === 4)
    .sort((a, b) => a[0] - b[0]);
  if (steps.length === 0) return [];
  const [, first] = steps[0];
  return [at(first[0], first[1]), ...steps.map(([, d]) => at(d[2], d[3]))];
}

export default {
  tab: 'terrain',
  form: 'terrain-form',

  matches(route, params) {
    return route === 'longest-path' || route === 'terrain' ||
      (route === 'path' && (params.has('board') || params.has('preset')));
  },

  setup(form, ctx) {
    document.getElementById('terrain-preset').addEventListener('click', () => {
      const p = ctx() ? ctx().values() : {};
      go('path', { from: 'a1', to: 'af28', barrier_rule: p.barrier_rule, preset: 'challenge' });
    });
    document.getElementById('terrain-blank').addEventListener('click', () => {
      const width = Number(document.getElementById('terrain-blank-width').value);
      const height = Number(document.getElementById('terrain-blank-height').value);
      const slot = form.querySelector('.error[data-for="*"]');
      if (!(Number.isInteger(width) && Number.isInteger(height) && width >= 1 && height >= 1 && width * height <= 65536)) {
        slot.textContent = 'A blank board is 1 to 65,536 squares: give a whole width and height, e.g. 8 and 8.';
        return;
      }
      const rows = Array.from({ length: height }, () => '.'.repeat(width));
      go('path', { from: 'a1', to: squareName(width - 1, height - 1), board: rows.join('\n') });
    });
  },

  async show(params, ctx) {
    const p = ctx.values();
    const rows = await groundRows(p, ctx.signal);
    ctx.check();
    textarea().value = spaced(rows);
    textarea().rows = Math.min(Math.max(rows.length, 4), 32);
    const width = rows.length ? rows[0].length : 0;
    const height = rows.length;
    Object.assign(lastTerrain, { ground: groundParam(rows), from: p.from, to: p.to });
    const q = question(p, rows);
    if (ctx.route === 'longest-path') {
      const limit = p.time_limit_ms || 1000;
      ctx.say(`Searching for the longest path (for up to ${limit} ms)…`);
      // One search, drawn by /longest-path itself: its caption says the
      // moves, the cost, the proven upper bound and whether the path is
      // proven optimal, and the list is read from the very path drawn (a
      // second search could find another). A live view of the search (the
      // NDJSON stream) would replace this one request.
      const svgText = await post('longest-path', { ...q, time_limit_ms: number(p.time_limit_ms) }, {
        format: 'svg', signal: ctx.signal,
      });
      const svg = ctx.draw(svgText, width, height);
      const title = svg.querySelector('title');
      const caption = title ? title.textContent.replace(/^knightd: /, '') : '';
      const path = pathOfPicture(svg);
      ctx.say(caption);
      ctx.list(path);
    } else {
      const [answer, svg] = await Promise.all([
        post('path', q, { signal: ctx.signal }),
        post('path', q, { format: 'svg', signal: ctx.signal }),
      ]);
      ctx.draw(svg, width, height);
      if (answer.path === null) {
        ctx.say(`No path leads from ${answer.from} to ${answer.to} on this board.`);
        ctx.list([]);
      } else {
        ctx.say(`Cheapest path from ${answer.from} to ${answer.to}: cost ${answer.cost} ` +
          `in ${plural(answer.moves, 'move', 'moves')} (${width}×${height} board).`);
        ctx.list(answer.path);
      }
    }
    ctx.board.mark([p.from], 'is-from');
    ctx.board.mark([p.to], 'is-to');
    ctx.hint('Click a square to paint it with the brush.');
  },

  async pick(name, ctx) {
    const p = ctx.values();
    const b = brush(ctx.form);
    const keep = { from: p.from, to: p.to, barrier_rule: p.barrier_rule };
    const rows = await groundRows(p, ctx.signal);
    if (b === 'from' || b === 'to') {
      go('path', { ...keep, [b]: name, ...groundParam(rows) });
      return;
    }
    const at = parseSquare(name, rows[0].length, rows.length);
    if (!at) return;
    const r = rows.length - 1 - at.rank;
    rows[r] = rows[r].slice(0, at.file) + b + rows[r].slice(at.file + 1);
    go('path', { ...keep, ...groundParam(rows) });
  },

  submit(fields, submitter) {
    const ask = submitter && submitter.value === 'longest-path' ? 'longest-path' : 'path';
    const rows = rowsOf(textarea().value);
    const { from, to, barrier_rule: rule, time_limit_ms: limit } = fields;
    go(ask, {
      from, to, barrier_rule: rule,
      time_limit_ms: ask === 'longest-path' ? limit : undefined,
      ...groundParam(rows),
    });
  },
};

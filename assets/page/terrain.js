// Terrain boards: the cheapest path (#/path?board=…&from=a1&to=af28, or
// preset=challenge for the challenge board) and the longest simple path
// (#/longest-path?…&time_limit_ms=1000). Squares are painted by clicking
// with a brush; the rows can also be edited as text.

import { post, stream } from './api.js';
import { parseSquare, squareName } from './squares.js';
import { go, replace } from './state.js';
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

/**
 * The first square a knight may stand on (not a rock, a barrier or a
 * teleport), from a1 rank by rank (`last`: from the top right, down).
 */
function landable(rows, last) {
  const order = [...rows.keys()].reverse();
  for (const r of last ? order.reverse() : order) {
    const files = [...[...rows[r]].keys()];
    for (const f of last ? files.reverse() : files) {
      if (!'RBT'.includes(rows[r][f])) return squareName(f, rows.length - 1 - r);
    }
  }
  return undefined;
}

/** `p` with `from` and `to` given where the board has no S or E for them (else `p` itself). */
function withEnds(p, rows) {
  const from = p.from ?? p.src ?? (rows.some((row) => row.includes('S')) ? undefined : landable(rows, false));
  const to = p.to ?? p.dest ?? (rows.some((row) => row.includes('E')) ? undefined : landable(rows, true));
  return from === (p.from ?? p.src) && to === (p.to ?? p.dest) ? p : { ...p, from, to };
}

const spaced = (rows) => rows.map((row) => [...row].join(' ')).join('\n');
const textarea = () => document.getElementById('terrain-board');
const brush = (form) => form.querySelector('input[name="brush"]:checked').value;
const plural = (n, one, many) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

function question(p, rows) {
  return { board: rows.join('\n'), from: p.from, to: p.to, barrier_rule: p.barrier_rule };
}

/** "812 moves, cost 950" of a line of the longest path's search. */
function found(line) {
  return line.moves === null || line.moves === undefined
    ? 'no path found'
    : `${plural(line.moves, 'move', 'moves')}, cost ${line.cost}`;
}

/** What the search has proven of its final path: whether it is the longest, and the bound. */
function verdict(line) {
  if (line.upper_bound === null || line.upper_bound === undefined) return '';
  return line.optimal
    ? ` — proven optimal (upper bound ${line.upper_bound} moves)`
    : ` — not proven optimal: upper bound ${line.upper_bound} moves`;
}

/**
 * The picture of a stream line is /validate's (a line carries no picture):
 * its caption is made the longest path's own, so that it never reads as a
 * mere check of a valid path beside a bound it may not meet.
 */
function captionAsLongest(container, line) {
  const svg = container.querySelector('.board-svg');
  const first = svg && svg.querySelector('g > text[font-weight="bold"]');
  if (!first) return;
  const bound = line.upper_bound === null || line.upper_bound === undefined ? '' : line.upper_bound;
  let answer = `${found(line)} so far; upper bound ${bound}, searching.`;
  if (line.final) answer = line.optimal ? `${found(line)}: proven optimal.` : `${found(line)}; bound ${bound}, not proven optimal.`;
  const asked = `Longest path from ${line.from} to ${line.to} on the ${line.width}×${line.height} board.`;
  first.textContent = asked;
  const second = first.nextElementSibling;
  if (second && second.tagName === 'text') second.textContent = answer;
  const title = svg.querySelector(':scope > title');
  if (title) title.textContent = `knightd: ${asked} ${answer}`;
}

/**
 * The longest path, live: /longest-path streamed (NDJSON), each line's path
 * drawn as it comes (one picture asked at a time, the newest path next),
 * its moves rising and its bound falling, with the time the search has
 * run; the final line's verdict in the caption. Leaving the tab, or asking
 * again, aborts the request (ctx.signal), and the server stops searching.
 */
async function longest(ctx, body, limit, [width, height]) {
  const began = performance.now();
  const elapsed = () => Math.round(performance.now() - began);
  let latest = null;
  let drawing = null;
  let drawn = null;
  // The sentence of the search so far: said (aria-live) at each line, and
  // under the board with the running time at each tick.
  const progress = (ms) => {
    const bound = latest && latest.upper_bound !== null && latest.upper_bound !== undefined
      ? `; upper bound ${latest.upper_bound} moves` : '';
    return latest
      ? `Searching for the longest path, ${ms} ms of up to ${limit} ms: ${found(latest)} so far${bound}.`
      : `Searching for the longest path, ${ms} ms of up to ${limit} ms…`;
  };
  const status = () => ctx.hint(progress(elapsed()));
  const draw = async () => {
    while (latest && latest.path && latest !== drawn && !ctx.signal.aborted) {
      const line = latest;
      const svg = await post('validate', { board: body.board, barrier_rule: body.barrier_rule, path: line.path }, {
        format: 'svg', signal: ctx.signal,
      });
      ctx.draw(svg, width, height);
      captionAsLongest(ctx.board.container, latest.final ? latest : line);
      ctx.board.mark([line.from], 'is-from');
      ctx.board.mark([line.to], 'is-to');
      drawn = line;
    }
  };
  const ticker = window.setInterval(() => {
    if (!ctx.signal.aborted) status();
  }, 100);
  status();
  ctx.say(progress(0));
  // The picture grows as the search runs: not faded as a question in flight is.
  ctx.board.container.classList.add('live');
  try {
    const last = await stream('longest-path', body, (line) => {
      latest = line;
      if (line.final) return;
      ctx.say(progress(line.elapsed_ms ?? elapsed()));
      ctx.list(line.path || []);
      // A picture of a path already bettered is not worth an error.
      if (!drawing) drawing = draw().catch(() => {}).finally(() => { drawing = null; });
    }, { signal: ctx.signal });
    window.clearInterval(ticker);
    await drawing;
    await draw();
    if (!drawn) {
      // No path: the board alone, its start marked.
      const svg = await post('validate', { board: body.board, path: [last.from] }, { format: 'svg', signal: ctx.signal });
      ctx.draw(svg, width, height);
    }
    if (drawn) captionAsLongest(ctx.board.container, last);
    const ms = last.elapsed_ms ?? elapsed();
    ctx.say(`Longest path (searched for up to ${limit} ms) from ${last.from} to ${last.to}, in ${ms} ms: ` +
      `${found(last)}${verdict(last)}.`);
    ctx.list(last.path || []);
    return last;
  } finally {
    window.clearInterval(ticker);
    ctx.board.container.classList.remove('live');
  }
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
    let p = ctx.values();
    // #/terrain alone is the tab: the terrain last shown (the challenge board at first).
    if (ctx.route === 'terrain' && p.board === undefined && p.preset === undefined) {
      p = { ...p, ...lastTerrain.ground, from: p.from ?? lastTerrain.from, to: p.to ?? lastTerrain.to };
    }
    const rows = await groundRows(p, ctx.signal);
    ctx.check();
    // A question with an end the board does not give (no S, or no E) is
    // not sent to be refused: the page puts squares in the boxes itself,
    // and the link says so.
    const asked = withEnds(p, rows);
    if (ctx.route === 'terrain' || asked !== p) {
      replace(ctx.route === 'longest-path' ? 'longest-path' : 'path', {
        from: asked.from, to: asked.to, barrier_rule: asked.barrier_rule,
        time_limit_ms: ctx.route === 'longest-path' ? asked.time_limit_ms : undefined,
        ...groundParam(rows),
      });
      window.dispatchEvent(new HashChangeEvent('hashchange'));
      return;
    }
    textarea().value = spaced(rows);
    textarea().rows = Math.min(Math.max(rows.length, 4), 32);
    const width = rows.length ? rows[0].length : 0;
    const height = rows.length;
    Object.assign(lastTerrain, { ground: groundParam(rows), from: p.from, to: p.to });
    const q = question(p, rows);
    let note = 'Click a square to paint it with the brush.';
    if (ctx.route === 'longest-path') {
      const last = await longest(ctx, { ...q, time_limit_ms: number(p.time_limit_ms) }, p.time_limit_ms || 1000, [width, height]);
      // The verdict by the picture too: the caption may be out of view.
      note = `Search over: ${found(last)}${verdict(last)}. ${note}`;
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
    ctx.hint(note);
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

// A square's colour and knight moves, and its distance map: every square
// numbered with its fewest knight moves from it. #/moves?square=d4 (also
// #/colour). A board of more than WHOLE_SQUARES squares is mapped on a
// window around the square, at most WINDOW×WINDOW squares and small enough
// for the server to number every square of it.

import { get, Problem } from './api.js';
import { showProblem } from './answer.js';
import { go } from './state.js';
import { fileName, parseSquare } from './squares.js';

/** The most squares /distance-map maps without a window (files=, ranks=). */
const WHOLE_SQUARES = 65536;
/** The most files, and ranks, of the window asked for on a larger board. */
const WINDOW = 64;
/**
 * The most squares of a picture the server numbers (knight's draw.rs,
 * NUMBERED_POINTS); beyond, it only shades them. A window is kept within it:
 * 31×31 squares, or more ranks (up to WINDOW) on a board of fewer files.
 */
const NUMBERED = 1000;

/** The first and last (0-based) of `span` places around `at` on a side of `size`. */
function around(at, span, size) {
  const first = Math.max(0, Math.min(at - Math.floor(span / 2), size - span));
  return [first, Math.min(size - 1, first + span - 1)];
}

/** The files and ranks of the window: as many squares as are numbered, at most WINDOW a side. */
function windowSize(width, height) {
  const side = Math.floor(Math.sqrt(NUMBERED));
  if (width < side) return [width, Math.min(height, WINDOW, Math.floor(NUMBERED / width))];
  if (height < side) return [Math.min(width, WINDOW, Math.floor(NUMBERED / height)), height];
  return [side, side];
}

/**
 * The /distance-map question for a square: the whole board when it has at
 * most WHOLE_SQUARES squares, else a window around the square (files as
 * letters, ranks from 1, `first..last`). No window when the square or the
 * board's size cannot be read here: the server says why.
 */
export function distanceQuestion(square, width, height) {
  const question = { from: square, width, height };
  const w = Number(width ?? 8);
  const h = Number(height ?? 8);
  if (!Number.isSafeInteger(w) || !Number.isSafeInteger(h) || w * h <= WHOLE_SQUARES) return question;
  const at = parseSquare(square, w, h);
  if (!at) return question;
  const [files, ranks] = windowSize(w, h);
  const [f0, f1] = around(at.file, files, w);
  const [r0, r1] = around(at.rank, ranks, h);
  return { ...question, files: `${fileName(f0)}..${fileName(f1)}`, ranks: `${r0 + 1}..${r1 + 1}` };
}

function movesWord(n) {
  return n === 1 ? '1 move' : `${n} moves`;
}

/** The distance map in words: how far the farthest square is, and what cannot be reached. */
export function distanceSentence(map, windowed) {
  const rows = map.rows || [];
  const squares = rows.reduce((n, row) => n + row.length, 0);
  const never = rows.reduce((n, row) => n + row.filter((d) => d === null).length, 0);
  const where = windowed ? ` of this ${map.files.length}×${map.ranks.length} part of the board` : '';
  // null (no square shown reached) or 0 (only the square itself).
  if (!map.farthest) {
    return squares > 1 ? `No other square${where} can be reached from ${map.from}.` : '';
  }
  if (never === 0) return `Every square${where} is at most ${movesWord(map.farthest)} from ${map.from}.`;
  const cannot = never === 1 ? '1 square' : `${never} squares`;
  return `Every square${where} a knight can reach is at most ${movesWord(map.farthest)} from ${map.from}; ` +
    `${cannot} can never be reached.`;
}

export default {
  tab: 'moves',
  form: 'moves-form',

  matches(route) {
    return route === 'moves' || route === 'colour' || route === 'color';
  },

  async show(params, ctx) {
    const p = ctx.values();
    if (!p.square) {
      ctx.say('');
      ctx.list([]);
      ctx.hint('Click a square.');
      return;
    }
    const question = { square: p.square, width: p.width, height: p.height };
    const mapQuestion = distanceQuestion(p.square, p.width, p.height);
    const windowed = mapQuestion.files !== undefined;
    // The distance map is asked with the rest: its picture is the square's
    // own (the square, its moves drawn, every square shaded by its distance).
    // When it cannot be had, the board is cleared and the reason shown.
    const distances = Promise.all([
      get('distance-map', mapQuestion, { signal: ctx.signal }),
      get('distance-map', mapQuestion, { format: 'svg', signal: ctx.signal }),
    ]).catch((error) => {
      if (error.name === 'AbortError') throw error;
      return error;
    });
    const [moves, colour, mapped] = await Promise.all([
      get('moves', question, { signal: ctx.signal }),
      get('colour', question, { signal: ctx.signal }),
      distances,
    ]);
    const failed = !Array.isArray(mapped);
    let numbered = false;
    if (failed) {
      ctx.check();
      ctx.board.clear();
    } else {
      const svg = ctx.draw(mapped[1], p.width || 8, p.height || 8);
      // Numbered when the picture writes a number for each square reached
      // (a large one is only shaded).
      const reached = mapped[0].rows.flat().filter((d) => d !== null).length;
      const numbers = [...svg.querySelectorAll('text')].filter((t) => /^\d+$/.test(t.textContent.trim())).length;
      numbered = numbers >= reached;
    }
    // The picture draws the moves themselves: painting the squares they
    // land on would hide the shading.
    ctx.board.mark([moves.square], 'is-from');
    const n = moves.moves.length;
    const reach = n === 0
      ? 'A knight on it has no move.'
      : `A knight on it has ${movesWord(n)}, all to ${colour.colour === 'light' ? 'dark' : 'light'} squares:`;
    const far = failed ? '' : distanceSentence(mapped[0], windowed);
    ctx.say(`${moves.square} is a ${colour.colour} square.${far ? ` ${far}` : ''} ${reach}`);
    // A square's moves, counted from 1 (not steps of a path, from its start).
    ctx.list(moves.moves, { from: 1 });
    if (failed) {
      ctx.check();
      const problem = mapped instanceof Problem ? mapped : { detail: String(mapped.message || mapped) };
      // The map's `from` is the form's `square`.
      const param = problem.param === 'from' ? 'square' : problem.param;
      showProblem(ctx.form, { code: problem.code, param, detail: `No distance map: ${problem.detail}` });
      ctx.hint('Its moves are listed below. Type another square.');
    } else {
      const how = numbered ? 'numbered and shaded' : 'shaded';
      const part = windowed ? ', on the part of the board around it' : '';
      ctx.hint(`Each square is ${how} by the fewest knight moves from ${moves.square}${part}. Click another square.`);
    }
  },

  pick(name, ctx) {
    const p = ctx.values();
    go('moves', { square: name, width: p.width, height: p.height });
  },

  submit(fields) {
    go('moves', fields);
  },
};

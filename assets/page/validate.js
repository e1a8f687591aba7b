// A sequence of moves, clicked out square by square and checked at each
// click: #/validate?path=b6,d5,f6&width=8&height=8 (or with the terrain
// board: preset=challenge or board=…; simple=true refuses a square twice).

import { get, post } from './api.js';
import { splitSquares } from './squares.js';
import { go } from './state.js';
import { number } from './form.js';
import { groundRows, lastTerrain } from './terrain.js';

const REASONS = {
  not_a_knight_move: (e) => `${e.from} to ${e.to} is not a knight move`,
  lands_on_rock: (e) => `${e.to} is rock: a knight may jump over it but not land on it`,
  lands_on_barrier: (e) => `${e.to} is a barrier: a knight cannot land on it`,
  passes_barrier: (e) => `the move ${e.from} to ${e.to} passes over a barrier`,
  missing_teleport_hop: (e) => `${e.from} is a teleport: the knight moves on to the other teleport, which must come next`,
  revisits_square: (e) => `${e.to} was already visited`,
};

/** The reason a step fails, in plain words. */
export function reasonWords(error) {
  const words = REASONS[error.reason];
  return words ? words(error) : `${error.from} to ${error.to}: ${error.reason.replace(/_/g, ' ')}`;
}

const input = () => document.getElementById('validate-path');
const onTerrain = () => document.getElementById('validate-terrain');

function fields(p, squares) {
  const ground = p.board !== undefined ? { board: p.board } : p.preset !== undefined ? { preset: p.preset } : {};
  return {
    path: squares.join(','), width: p.width, height: p.height, simple: p.simple, ...ground,
  };
}

export default {
  tab: 'validate',
  form: 'validate-form',

  matches(route) {
    return route === 'validate';
  },

  setup() {
    document.getElementById('validate-undo').addEventListener('click', () => {
      const squares = splitSquares(input().value);
      squares.pop();
      this.ask(squares);
    });
    document.getElementById('validate-clear').addEventListener('click', () => this.ask([]));
  },

  /** Asks again with other squares and the form's board. */
  ask(squares) {
    const form = document.getElementById(this.form);
    const data = new FormData(form);
    const p = {
      width: String(data.get('width') || '').trim(),
      height: String(data.get('height') || '').trim(),
      simple: data.get('simple') || undefined,
      ...(onTerrain().checked ? lastTerrain.ground : {}),
    };
    go('validate', fields(p, squares));
  },

  async show(params, ctx) {
    const p = ctx.values();
    const squares = splitSquares(p.path || '');
    input().value = squares.join(', ');
    const terrain = p.board !== undefined || p.preset !== undefined;
    onTerrain().checked = terrain;
    const rows = terrain ? await groundRows(p, ctx.signal) : null;
    ctx.check();
    const width = terrain ? rows[0].length : Number(p.width || 8);
    const height = terrain ? rows.length : Number(p.height || 8);
    const ground = terrain ? { board: rows.join('\n') } : { width: number(p.width), height: number(p.height) };
    if (squares.length === 0) {
      const svg = terrain
        ? await post('validate', { ...ground, path: [lastTerrain.from || 'a1'] }, { format: 'svg', signal: ctx.signal })
        : await get('path', { from: 'a1', to: 'a1', ...ground }, { format: 'svg', signal: ctx.signal });
      ctx.draw(svg, width, height);
      ctx.say('');
      ctx.list([]);
      ctx.hint('Click the square the knight starts on.');
      return;
    }
    const body = { ...ground, path: squares, simple: p.simple === 'true' ? true : undefined };
    const [answer, svg] = await Promise.all([
      post('validate', body, { signal: ctx.signal }),
      post('validate', body, { format: 'svg', signal: ctx.signal }),
    ]);
    ctx.draw(svg, width, height);
    ctx.board.mark([squares[0]], 'is-from');
    const failed = answer.valid ? squares.length : answer.error.step;
    ctx.list(squares, {
      status: (i) => {
        if (i === 0) return { text: 'start', cls: 'ok' };
        if (i < failed) return { text: '✓ a knight move', cls: 'ok' };
        if (i === failed) return { text: `✗ ${reasonWords(answer.error)}`, cls: 'bad' };
        return { text: 'not checked', cls: 'unchecked' };
      },
    });
    if (answer.valid) {
      const moves = answer.moves === 1 ? '1 move' : `${answer.moves} moves`;
      ctx.say(`Valid: ${moves}, cost ${answer.cost}.`);
    } else {
      ctx.say(`Not valid at step ${answer.error.step}: ${reasonWords(answer.error)}.`);
    }
    ctx.hint('Click the next square.');
  },

  pick(name, ctx) {
    const squares = splitSquares(ctx.values().path || '');
    squares.push(name);
    go('validate', fields(ctx.values(), squares));
  },

  submit(f) {
    const squares = splitSquares(f.path || '');
    const p = { width: f.width, height: f.height, simple: f.simple, ...(onTerrain().checked ? lastTerrain.ground : {}) };
    go('validate', fields(p, squares));
  },
};

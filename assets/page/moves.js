// A square's colour and knight moves: #/moves?square=d4 (also #/colour).

import { get } from './api.js';
import { go } from './state.js';

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
    const picture = { from: p.square, to: p.square, width: p.width, height: p.height };
    const [moves, colour, svg] = await Promise.all([
      get('moves', question, { signal: ctx.signal }),
      get('colour', question, { signal: ctx.signal }),
      get('path', picture, { format: 'svg', signal: ctx.signal }),
    ]);
    ctx.draw(svg, p.width || 8, p.height || 8);
    ctx.board.mark([moves.square], 'is-from');
    ctx.board.mark(moves.moves, 'is-move');
    const n = moves.moves.length;
    const reach = n === 0
      ? 'A knight on it has no move.'
      : `A knight on it has ${n === 1 ? '1 move' : `${n} moves`}, all to ${colour.colour === 'light' ? 'dark' : 'light'} squares:`;
    ctx.say(`${moves.square} is a ${colour.colour} square. ${reach}`);
    ctx.list(moves.moves);
    ctx.hint(ctx.board.named ? 'Its moves are marked on the board. Click another square.' : 'Click another square.');
  },

  pick(name, ctx) {
    const p = ctx.values();
    go('moves', { square: name, width: p.width, height: p.height });
  },

  submit(fields) {
    go('moves', fields);
  },
};

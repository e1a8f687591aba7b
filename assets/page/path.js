// A shortest path on a plain board: #/path?from=g2&to=a8&width=8&height=8.
// The first click picks where the knight starts, the second where it goes.

import { get } from './api.js';
import { go } from './state.js';

export default {
  tab: 'path',
  form: 'path-form',

  matches(route, params) {
    return route === 'path' && !params.has('board') && !params.has('preset');
  },

  async show(params, ctx) {
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
    const [answer, svg] = await Promise.all([
      get('path', question, { signal: ctx.signal }),
      get('path', question, { format: 'svg', signal: ctx.signal }),
    ]);
    ctx.draw(svg, answer.width, answer.height);
    ctx.board.mark([answer.from], 'is-from');
    const size = `${answer.width}×${answer.height}`;
    if (!to) {
      ctx.say(`The knight starts on ${answer.from} (${size} board).`);
      ctx.list([answer.from]);
      ctx.hint('Now click the square it should go to.');
      return;
    }
    ctx.board.mark([answer.to], 'is-to');
    ctx.hint('Click a square to start a new path.');
    if (answer.path === null) {
      ctx.say(`A knight on ${answer.from} can never reach ${answer.to} on the ${size} board.`);
      ctx.list([]);
      return;
    }
    const moves = answer.moves === 1 ? '1 move' : `${answer.moves} moves`;
    ctx.say(`From ${answer.from} to ${answer.to} on the ${size} board: ${moves}, no fewer.`);
    ctx.list(answer.path);
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

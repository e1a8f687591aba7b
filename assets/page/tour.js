// A knight's tour: #/tour?width=6&height=6&start=a1&closed=true&step=10.
// A click picks the start; the slider (or Play) walks the knight through
// the tour. `step` is kept in the fragment without a history entry per step.
// With `played` (or play=true) the tab is a game a person plays (game.js).
// The tab numbers a tour's squares from 1, as a puzzle does: the list, the
// slider's words and the picture's numbers (the server numbers a path's
// points by move, from 0); `step` in the fragment is the API's, from 0.

import { get, post } from './api.js';
import { markCurrent } from './answer.js';
import { numberFromOne } from './board.js';
import { go, replace } from './state.js';
import { readForm } from './form.js';
import { isGame, leaveGame, pickGame, setupGame, showGame } from './game.js';

const TICK_MS = 350;

const slider = () => document.getElementById('step-slider');
const play = () => document.getElementById('step-play');
const label = () => document.getElementById('step-label');
const stepper = () => document.getElementById('stepper');

// The tour on show, and the pictures of its first steps when the server's
// picture does not number its steps (data-step) and each step is drawn
// by asking /validate for the tour so far.
let shown = null;
let timer = null;

function stop() {
  if (timer !== null) window.clearInterval(timer);
  timer = null;
  play().textContent = 'Play';
  play().setAttribute('aria-pressed', 'false');
}

function start() {
  if (!shown) return;
  if (Number(slider().value) >= shown.path.length - 1) setStep(0);
  play().textContent = 'Pause';
  play().setAttribute('aria-pressed', 'true');
  timer = window.setInterval(() => {
    const next = Number(slider().value) + 1;
    if (!shown || next > shown.path.length - 1) stop();
    else setStep(next);
  }, TICK_MS);
}

async function drawPrefix(k) {
  const t = shown;
  if (!t) return;
  let svg = t.pictures.get(k);
  if (svg === undefined) {
    if (t.pending) t.pending.abort();
    t.pending = new AbortController();
    try {
      svg = await post('validate', { width: Number(t.width), height: Number(t.height), path: t.path.slice(0, k + 1) }, {
        format: 'svg',
        signal: t.pending.signal,
      });
    } catch {
      return;
    }
    t.pictures.set(k, svg);
  }
  if (shown !== t || Number(slider().value) !== k || t.ctx.signal.aborted) return;
  numberFromOne(t.ctx.board.show(svg, t.width, t.height));
  markKnight(k);
}

function markKnight(k) {
  const t = shown;
  t.ctx.board.unmark('is-knight');
  t.ctx.board.trace(t.path, k);
  t.ctx.board.mark([t.path[k]], 'is-knight');
}

function setStep(k) {
  const t = shown;
  if (!t) return;
  const last = t.path.length - 1;
  slider().value = String(k);
  label().textContent = `Step ${(k + 1).toLocaleString('en')} of ${(last + 1).toLocaleString('en')}: ${t.path[k]}`;
  markCurrent(k);
  if (t.ctx.board.showStep(k, last)) markKnight(k);
  else if (k === last) {
    numberFromOne(t.ctx.board.show(t.picture, t.width, t.height));
    markKnight(k);
  } else drawPrefix(k);
  replace('tour', { ...t.question, step: k === last ? '' : k });
}

// Boards this small are counted in a moment (/tour/count): the sentence
// then says how many tours there are, open ones from the start square or
// closed ones of the board. Larger boards say nothing more.
const COUNTED_SQUARES = 30;

async function sayCount(said, question, answer, ctx) {
  if (answer.width * answer.height > COUNTED_SQUARES || question.end || question.method === 'warnsdorff') return;
  const asked = answer.closed
    ? { width: answer.width, height: answer.height, closed: true }
    : { width: answer.width, height: answer.height, start: answer.start };
  let counted;
  try {
    counted = await get('tour/count', asked, { signal: ctx.signal });
  } catch {
    return; // No count (an older server, or out of time): the sentence stays.
  }
  const n = counted.count.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const what = answer.closed ? 'closed tours of this board' : `tours from ${answer.start}`;
  ctx.say(`${said} ${n} ${what} in all.`);
}

export default {
  tab: 'tour',
  form: 'tour-form',

  matches(route) {
    return route === 'tour';
  },

  setup(form, ctx) {
    setupGame(ctx);
    slider().addEventListener('input', () => {
      stop();
      setStep(Number(slider().value));
    });
    play().addEventListener('click', () => (timer === null ? start() : stop()));
  },

  leave() {
    stop();
    shown = null;
    stepper().hidden = true;
    leaveGame();
  },

  async show(params, ctx) {
    stop();
    shown = null;
    stepper().hidden = true;
    if (isGame(params)) {
      await showGame(ctx);
      return;
    }
    leaveGame();
    const p = ctx.values();
    const question = {
      width: p.width, height: p.height, start: p.start, end: p.end,
      closed: p.closed, method: p.method, seed: p.seed,
    };
    if (!p.start) {
      ctx.say('');
      ctx.list([]);
      ctx.hint('Click the square the tour starts from.');
      return;
    }
    const [answer, svg] = await Promise.all([
      get('tour', question, { signal: ctx.signal }),
      get('tour', question, { format: 'svg', signal: ctx.signal }),
    ]);
    numberFromOne(ctx.draw(svg, answer.width, answer.height));
    const n = answer.path.length;
    const kind = answer.closed ? 'A closed tour' : 'A tour';
    const end = answer.closed
      ? `, then one move back to ${answer.start}`
      : `, ending on ${answer.path[n - 1]}`;
    const said = `${kind} of the ${answer.width}×${answer.height} board from ${answer.start}: ` +
      `every square once, ${(n - 1).toLocaleString('en')} moves${end}.`;
    ctx.say(said);
    sayCount(said, question, answer, ctx);
    ctx.list(answer.path, { from: 1 });
    ctx.hint('Click a square to start a tour there.');
    shown = {
      ctx, question, path: answer.path, width: answer.width, height: answer.height,
      picture: svg, pictures: new Map(), pending: null,
    };
    const s = slider();
    s.max = String(n - 1);
    stepper().hidden = false;
    const asked = Number(p.step);
    const k = p.step !== undefined && Number.isInteger(asked) && asked >= 0 && asked < n ? asked : n - 1;
    setStep(k);
  },

  pick(name, ctx) {
    if (isGame(ctx.params)) {
      pickGame(name, ctx);
      return;
    }
    // The size typed in the form, even before it is submitted: the board
    // on screen may be of the size asked before.
    const p = { ...ctx.values(), ...readForm(ctx.form) };
    go('tour', { width: p.width, height: p.height, start: name, closed: p.closed, method: p.method });
  },

  submit(fields) {
    go('tour', fields);
  },
};

// The board page: reads the question from the URL fragment, shows its form,
// asks the API and shows the answer drawn (the server's SVG) and as text.
// Each question is one view module; this file routes between them.

import { Problem } from './api.js';
import { Board } from './board.js';
import { clearAnswer, clearErrors, hint, listSquares, say, showProblem } from './answer.js';
import { readFragment, go } from './state.js';
import { fill, readForm } from './form.js';
import path from './path.js';
import tour from './tour.js';
import moves from './moves.js';
import terrain from './terrain.js';
import validate from './validate.js';

const VIEWS = [terrain, path, tour, moves, validate];
const HOME = '#/path?from=g2&to=a8';

const boardEl = document.getElementById('board');
const board = new Board(boardEl, (name) => {
  if (current) current.view.pick(name, current.ctx);
});
let current = null;
let controller = null;

function aborted() {
  return new DOMException('A newer question replaced this one.', 'AbortError');
}

/** What a view is given to answer its question. */
function context(view, route, params, signal) {
  const form = document.getElementById(view.form);
  const guard = (fn) => (...args) => {
    if (signal.aborted) throw aborted();
    return fn(...args);
  };
  return {
    route,
    params,
    form,
    board,
    signal,
    values: () => Object.fromEntries(params),
    check: guard(() => {}),
    draw: guard((svg, width, height) => {
      boardEl.classList.remove('stale');
      return board.show(svg, width, height);
    }),
    say: guard(say),
    hint: guard(hint),
    list: guard(listSquares),
    go,
  };
}

async function show() {
  const { route, params } = readFragment(window.location.hash);
  if (route === '') {
    window.history.replaceState(null, '', HOME);
    return show();
  }
  const view = VIEWS.find((v) => v.matches(route, params));
  if (current && current.view !== (view || path) && current.view.leave) current.view.leave();
  if (controller) controller.abort();
  controller = new AbortController();
  const active = view || path;
  for (const form of document.querySelectorAll('form.question')) {
    form.hidden = form.id !== active.form;
  }
  for (const tab of document.querySelectorAll('[data-tab]')) {
    if (tab.dataset.tab === active.tab) {
      tab.setAttribute('aria-current', 'page');
      tab.setAttribute('href', window.location.hash);
    } else {
      tab.removeAttribute('aria-current');
    }
  }
  const ctx = context(active, route, params, controller.signal);
  current = { view: active, ctx };
  const form = ctx.form;
  clearErrors(form);
  fill(form, params);
  hint('');
  if (!view) {
    clearAnswer();
    showProblem(form, {
      detail: `The page has no question "${route}". Choose one of the tabs above.`,
    });
    return undefined;
  }
  boardEl.setAttribute('aria-busy', 'true');
  try {
    await active.show(params, ctx);
  } catch (error) {
    if (error.name === 'AbortError') return undefined;
    clearAnswer();
    boardEl.classList.add('stale');
    showProblem(form, error instanceof Problem ? error : { detail: String(error.message || error) });
    if (board.svg) hint('The faded picture is of the question before: this one has no answer to draw.');
  } finally {
    if (!controller.signal.aborted || ctx.signal === controller.signal) boardEl.removeAttribute('aria-busy');
  }
  return undefined;
}

for (const view of VIEWS) {
  const form = document.getElementById(view.form);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    view.submit(readForm(form), event.submitter, current ? current.ctx : null);
  });
  if (view.setup) view.setup(form, () => current && current.ctx);
}

window.addEventListener('hashchange', show);
show();
